import type { TLeaderboard, TLeaderboardEntry } from '@cdca/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LeaderboardTable } from './leaderboard-table.tsx';

const entry = (overrides: Partial<TLeaderboardEntry>): TLeaderboardEntry => ({
  position: 1,
  name: 'trader-7f3a9c',
  anonymous: true,
  returnPct: '5.00',
  realisedPnl: null,
  epics: 3,
  you: false,
  ...overrides,
});

const board = (entries: TLeaderboardEntry[], you: TLeaderboardEntry | null = null): TLeaderboard => ({
  window: { from: '2026-06-01T00:00:00.000Z', to: '2026-07-01T00:00:00.000Z', days: 30 },
  entries,
  you,
  ranked: entries.length + (you && !entries.includes(you) ? 1 : 0),
});

describe('LeaderboardTable', () => {
  afterEach(cleanup);

  it('shows returns, dollars only where given, shared positions and the caller marked', () => {
    render(
      <LeaderboardTable
        board={board([
          entry({ name: 'Bob the Patient', anonymous: false, returnPct: '12.00', realisedPnl: '120.00' }),
          entry({ position: 2, you: true }),
          entry({ position: 2, name: 'trader-00aa11', returnPct: '5.00' }),
          entry({ position: 4, name: 'trader-bb22cc', returnPct: '-3.00' }),
        ])}
      />,
    );
    // The caption sits above the sideways scroll, so it wraps on a phone, and still names the table.
    expect(
      screen.getByRole('table', { name: 'Top 4 of 4 traders by return over the last 30 days' }),
    ).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['1', '2', '2', '4']);
    expect(rows[0]?.textContent).toContain('+$120.00');
    expect(rows[0]?.textContent).toContain('+12.00%');
    expect(rows[1]?.textContent).toContain('You');
    expect(rows[1]?.textContent).toContain('hidden');
    expect(rows[3]?.textContent).toContain('−3.00%');
  });

  it("repeats the caller's row below the top when it stands outside it", () => {
    const you = entry({ position: 57, name: 'Me', anonymous: false, you: true, returnPct: '0.50' });
    render(<LeaderboardTable board={board([entry({})], you)} />);
    const rows = screen.getAllByRole('row');
    expect(rows.at(-1)?.textContent).toContain('57');
    expect(screen.getByText('Your position:')).toBeTruthy();
  });
});
