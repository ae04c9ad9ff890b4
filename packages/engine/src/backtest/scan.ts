/**
 * The hot loop of a replay (docs/decisions/backtest-replay.md): the first index in [from, end) whose low is at or
 * under `lowAt` (the next level or the stop may fill) or whose high is at or over `highAt` (the take-profit or the
 * next trigger may fill); `end` when none is. `minLow[0]` comes in as the lowest low so far and leaves as the lowest
 * up to and including the found candle (the unrealised drawdown between two events).
 *
 * Plain typed arrays in and a number out, no object per call: a loop V8 compiles once and keeps. An earlier version
 * took the candles object and returned `{ index, minLow }`; V8 kept throwing its optimised code away on the early
 * return ("insufficient type feedback"), which made a year's scan ~4× slower than a bare min/max pass.
 */
export const scanToEvent = (
  low: Float64Array,
  high: Float64Array,
  from: number,
  end: number,
  lowAt: number,
  highAt: number,
  minLow: Float64Array,
): number => {
  let lowest = minLow[0] as number;
  let i = from;
  for (; i < end; i++) {
    const l = low[i] as number;
    if (l < lowest) lowest = l;
    if (l <= lowAt || (high[i] as number) >= highAt) break;
  }
  minLow[0] = lowest;
  return i;
};
