import type { TEpic } from '@cdca/contracts';
import { money, ZERO } from '@cdca/engine';
import { type HistoryFilters, statusesOf } from './history-filters.ts';

export type HistoryTotals = {
  count: number;
  /** Sum of every epic's profit (losses negative), USD. */
  profit: string;
  /** Bought plus sold value, USD. */
  volume: string;
  /** Epics that ended with a profit above zero. */
  winners: number;
};

/** The fields the totals read, so callers (and tests) need not build whole epics. */
type TotalledEpic = Pick<TEpic, 'status' | 'coinSymbol' | 'profitsDollarAmount' | 'volume'>;

export const matchesFilters = (
  epic: TotalledEpic,
  filters: Pick<HistoryFilters, 'status' | 'coin'>,
): boolean =>
  statusesOf(filters).includes(epic.status) && (filters.coin === 'all' || epic.coinSymbol === filters.coin);

/** Totals of the epics the filters select, in exact decimals. */
export const historyTotals = (
  epics: readonly TotalledEpic[],
  filters: Pick<HistoryFilters, 'status' | 'coin'>,
): HistoryTotals => {
  let profit = ZERO;
  let volume = ZERO;
  let count = 0;
  let winners = 0;
  for (const epic of epics) {
    if (!matchesFilters(epic, filters)) continue;
    count += 1;
    volume = volume.plus(epic.volume);
    if (epic.profitsDollarAmount === null) continue;
    profit = profit.plus(epic.profitsDollarAmount);
    if (money(epic.profitsDollarAmount).gt(0)) winners += 1;
  }
  return { count, profit: profit.toFixed(), volume: volume.toFixed(), winners };
};

/** The coins the trader has history in, for the coin filter, alphabetically. */
export const historyCoins = (
  epics: readonly Pick<TEpic, 'coinSymbol' | 'coin'>[],
): { symbol: string; name: string }[] => {
  const seen = new Map<string, string>();
  for (const epic of epics) if (!seen.has(epic.coinSymbol)) seen.set(epic.coinSymbol, epic.coin.name);
  return [...seen]
    .map(([symbol, name]) => ({ symbol, name }))
    .sort((a, b) => a.symbol.localeCompare(b.symbol));
};
