import type { TStatsDay } from '@cdca/contracts';
import { money, ZERO } from '@cdca/engine';

/** One point of the chart: the day (UTC, as the report cuts days) and its figure as an exact decimal string. */
export type PnlPoint = { date: string; value: string };

/** Realised P&L of each day, as sent. */
export const dailyPnl = (days: readonly TStatsDay[]): PnlPoint[] =>
  days.map((day) => ({ date: day.date, value: day.realisedPnl }));

/** Running total of realised P&L, summed exactly (the last point equals the report's realisedPnl). */
export const cumulativePnl = (days: readonly TStatsDay[]): PnlPoint[] => {
  let total = ZERO;
  return days.map((day) => {
    total = total.plus(money(day.realisedPnl));
    return { date: day.date, value: total.toFixed() };
  });
};

/** Whether any day realised anything: a flat line of zeros is not worth a chart. */
export const hasRealisedDays = (days: readonly TStatsDay[]): boolean =>
  days.some((day) => !money(day.realisedPnl).isZero());
