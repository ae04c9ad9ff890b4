import type { TExchangeKeySummary } from '@cdca/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getCurrentKeyQueryOptions } from '../api/get-current-key.ts';
import { ApiKeysSettings } from './api-keys-settings.tsx';

const paperKey: TExchangeKeySummary = {
  id: '0b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8',
  exchange: 'paper',
  keyNameHint: '…ab12',
  permissions: { canView: true, canTrade: true, canTransfer: false },
  portfolioId: 'default',
  portfolioName: 'Default',
  addedAt: '2026-01-01T10:00:00.000Z',
  verifiedAt: '2026-01-01T10:00:00.000Z',
};

/** The key as loaded: seeded in the cache (and fresh), so nothing is fetched. */
const renderSettings = (runningEpics: number | undefined) => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(getCurrentKeyQueryOptions().queryKey, paperKey);
  render(
    <QueryClientProvider client={client}>
      <ApiKeysSettings paper runningEpics={runningEpics} />
    </QueryClientProvider>,
  );
};

describe('ApiKeysSettings', () => {
  afterEach(cleanup);

  it('says the running epics block removal before any dialog, instead of refusing after a confirmation', () => {
    renderSettings(2);
    const remove = screen.getByRole('button', { name: 'Remove key' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect(document.getElementById(remove.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Close or cancel your 2 running epics first',
    );
  });

  it('talks about the practice market, not Coinbase, when removing a paper key', () => {
    renderSettings(0);
    fireEvent.click(screen.getByRole('button', { name: 'Remove key' }));
    const text = screen.getByText(/no longer be able to see your balances/).textContent;
    expect(text).toContain('practice market');
    expect(text).not.toContain('Coinbase');
  });
});
