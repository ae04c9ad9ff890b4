import type { TEpicStatus } from '@cdca/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { positionSummary } from '../lib/position-summary.ts';
import { testEpic, testFill } from '../lib/test-epic.ts';
import { EpicActions } from './epic-actions.tsx';

const renderActions = (status: TEpicStatus) => {
  const detail = testEpic({ status, avgBuyRate: '100.6', heldBase: '0.5', fills: [testFill()] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EpicActions detail={detail} summary={positionSummary(detail, '101')} />
    </QueryClientProvider>,
  );
};

describe('EpicActions', () => {
  afterEach(cleanup);

  it('offers cancel and liquidate while active, and says what each does to the coins', () => {
    renderActions('active');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel epic' }));
    expect(screen.getByText(/Nothing is sold:/).parentElement?.textContent).toContain(
      'the 0.5 SOL already bought stay in your exchange account',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Liquidate' }));
    expect(screen.getByText(/everything held \(0\.5 SOL\) is sold at the market price now/)).toBeTruthy();
    expect(screen.getByText(/about \$50\.50 before fees/)).toBeTruthy();
  });

  it('offers only cancel before anything is on the exchange, and nothing once the epic has ended', () => {
    renderActions('pending');
    expect(screen.queryByRole('button', { name: 'Liquidate' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel epic' })).toBeTruthy();
    cleanup();
    renderActions('closed');
    expect(screen.queryByRole('button', { name: /Cancel epic|Liquidate/ })).toBeNull();
  });
});
