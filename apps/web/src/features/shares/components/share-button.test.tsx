import type { TShare } from '@cdca/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareButton } from './share-button.tsx';

const made: TShare = {
  id: '7d0c3f5e-8f7a-4f1e-9d7e-2f7a1c9b3e11',
  kind: 'period',
  title: 'Last 7 days',
  period: '7d',
  epicId: null,
  privacy: { amounts: 'percent', showCoin: false, includeReferral: false },
  url: 'http://localhost/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  cardUrl: 'http://localhost/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/card.png',
  views: 0,
  createdAt: '2026-06-15T12:00:00.000Z',
  revokedAt: null,
};

describe('ShareButton', { timeout: 20_000 }, () => {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(made), { status: 201 }),
  );

  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has no modal dialogs: open means the `open` attribute.
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('starts private, sends the chosen privacy and shows the link with its card', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ShareButton target={{ kind: 'period', period: '7d' }} subject="your stats in the last 7 days" />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const switchOn = (name: RegExp) => (screen.getByRole('switch', { name }) as HTMLInputElement).checked;
    expect(switchOn(/Show dollar amounts/)).toBe(false);
    expect(switchOn(/Show the coin/)).toBe(false);
    fireEvent.click(screen.getByRole('switch', { name: /Show the coin/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));

    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Shared link' }) as HTMLInputElement).value).toBe(made.url),
    );
    expect(screen.getByRole('img').getAttribute('src')).toBe(made.cardUrl);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/shares');
    expect(JSON.parse(String(init?.body))).toEqual({
      kind: 'period',
      period: '7d',
      privacy: { amounts: 'percent', showCoin: true, includeReferral: false },
    });
  });
});
