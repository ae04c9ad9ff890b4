import { type MoneyDecimal, money, ROUND_FLOOR, ZERO } from '../money/money-decimal.ts';
import { indexAtOrAfter, type MinuteCandles } from './candles.ts';
import { prepareReplay, type ReplaySetup, replayFrom, type StartResult } from './replay.ts';

export type BacktestSummary = {
  starts: number;
  /** Starts the plan could not be traded at (e.g. a level under the venue's minimum at that price). */
  refused: number;
  closed: number;
  stopped: number;
  /** Still holding at the window's end. */
  open: number;
  /** closed ÷ traded starts (refused ones left out); 0 when none traded. */
  closeRate: number;
  medianTimeToCloseMs: number | null;
  worstTimeToCloseMs: number | null;
  /** Mean realised profit of the starts that ended (closed or stopped), to the cent. */
  averageProfit: string;
  /** Realised profit ÷ capital used, summed over the starts that ended: a fraction, e.g. '0.0123'. */
  returnOnCapital: string;
  /** The open start marked deepest under water at the window's end, if any. */
  worstStuck: StartResult | null;
};

export type BacktestRun = { results: StartResult[]; summary: BacktestSummary };

/**
 * One epic started every `everyMs` from the first candle (every hour, every day …), each run to its close, stop or
 * the window's end, and the figures over all of them (docs/decisions/backtest-replay.md). Starts fall on the first
 * candle at or after each step, so gaps in the candles shift a start rather than drop it.
 */
export const replayRollingStarts = (
  candles: MinuteCandles,
  setup: ReplaySetup,
  everyMs: number,
): BacktestRun => {
  const results: StartResult[] = [];
  const count = candles.time.length;
  if (count === 0 || everyMs <= 0) return { results, summary: summarise(results) };
  const first = candles.time[0] as number;
  const last = candles.time[count - 1] as number;
  const prepared = prepareReplay(setup);
  let previous = -1;
  for (let t = first; t <= last; t += everyMs) {
    const start = indexAtOrAfter(candles, t);
    if (start >= count || start === previous) continue;
    previous = start;
    results.push(replayFrom(candles, setup, start, prepared));
  }
  return { results, summary: summarise(results) };
};

/** The figures over many starts: close rate, time to close, profit, return on capital, worst stuck position. */
export const summarise = (results: readonly StartResult[]): BacktestSummary => {
  const traded = results.filter((r) => r.outcome !== 'refused');
  const ended = traded.filter((r) => r.outcome === 'closed' || r.outcome === 'stopped');
  const closedTimes = traded
    .filter((r) => r.outcome === 'closed')
    .map((r) => r.timeToCloseMs as number)
    .sort((a, b) => a - b);
  const open = traded.filter((r) => r.outcome === 'open');
  const profit = sum(ended.map((r) => money(r.profit)));
  const capital = sum(ended.map((r) => money(r.capitalUsed)));
  return {
    starts: results.length,
    refused: results.length - traded.length,
    closed: closedTimes.length,
    stopped: ended.length - closedTimes.length,
    open: open.length,
    closeRate: traded.length === 0 ? 0 : closedTimes.length / traded.length,
    medianTimeToCloseMs: median(closedTimes),
    worstTimeToCloseMs: closedTimes.at(-1) ?? null,
    averageProfit:
      ended.length === 0 ? '0.00' : profit.div(ended.length).toDecimalPlaces(2, ROUND_FLOOR).toFixed(2),
    returnOnCapital: capital.isZero() ? '0' : profit.div(capital).toDecimalPlaces(6, ROUND_FLOOR).toFixed(),
    worstStuck: open.reduce<StartResult | null>(
      (worst, r) => (worst === null || money(r.profit).lt(worst.profit) ? r : worst),
      null,
    ),
  };
};

const sum = (values: readonly MoneyDecimal[]) => values.reduce((a, b) => a.plus(b), ZERO);

/** The middle value of sorted numbers (the lower middle for an even count: a time that actually happened). */
const median = (sorted: readonly number[]): number | null =>
  sorted.length === 0 ? null : (sorted[Math.floor((sorted.length - 1) / 2)] as number);
