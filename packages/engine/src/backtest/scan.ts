import type { MinuteCandles } from './candles.ts';

/**
 * The hot loop of a replay (docs/decisions/backtest-replay.md): the first candle in [from, end) whose low is at or
 * under `lowAt` (the next level or the stop may fill) or whose high is at or over `highAt` (the take-profit may
 * fill), and the lowest low up to and including it (the unrealised drawdown between two events). Plain floats and
 * no allocation per candle, so a year of minutes costs about what a bare min/max pass over the arrays costs.
 */
export const scanToEvent = (
  candles: MinuteCandles,
  from: number,
  end: number,
  lowAt: number,
  highAt: number,
  minLowSoFar: number,
): { index: number; minLow: number } => {
  const { low, high } = candles;
  let minLow = minLowSoFar;
  for (let i = from; i < end; i++) {
    const l = low[i] as number;
    if (l < minLow) minLow = l;
    if (l <= lowAt || (high[i] as number) >= highAt) return { index: i, minLow };
  }
  return { index: end, minLow };
};
