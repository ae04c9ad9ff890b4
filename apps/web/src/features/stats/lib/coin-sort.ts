import type { TStatsCoin } from '@cdca/contracts';
import { money } from '@cdca/engine';

export type CoinSortKey = 'coin' | 'epics' | 'realisedPnl' | 'volume' | 'fees';
export type CoinSort = { key: CoinSortKey; direction: 'asc' | 'desc' };

/** The server's order (docs/decisions/stats-figures.md: coins by realised P&L, highest first). */
export const DEFAULT_COIN_SORT: CoinSort = { key: 'realisedPnl', direction: 'desc' };

const compare = (a: TStatsCoin, b: TStatsCoin, key: CoinSortKey): number => {
  switch (key) {
    case 'coin':
      return a.coinSymbol.localeCompare(b.coinSymbol);
    case 'epics':
      return a.epics - b.epics;
    default:
      // Money is compared as exact decimals, never as floats (STYLE.md: money).
      return money(a[key]).comparedTo(b[key]);
  }
};

/** A sorted copy; ties fall back to the symbol so the order never shuffles between renders. */
export const sortCoins = (coins: readonly TStatsCoin[], sort: CoinSort): TStatsCoin[] => {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...coins].sort(
    (a, b) => sign * compare(a, b, sort.key) || a.coinSymbol.localeCompare(b.coinSymbol),
  );
};

/** Clicking the sorted column flips it; a new column starts with text A→Z and figures highest first. */
export const nextCoinSort = (current: CoinSort, key: CoinSortKey): CoinSort =>
  current.key === key
    ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { key, direction: key === 'coin' ? 'asc' : 'desc' };
