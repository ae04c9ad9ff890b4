import type { CatalogueEntry } from '@cdca/engine';
import { DAY_MS, MINUTE_MS, type MinuteCandle, minuteOf } from './minute-candles.ts';
import { dec, str } from './paper-decimal.ts';
import { stepWalk, type WalkState } from './price-walk.ts';
import { nextNormal, nextUniform } from './seeded-random.ts';

/** A float factor as a decimal with 15 significant digits: enough for a price model, and exact from then on. */
export const factor = (value: number) => dec(value.toPrecision(15));

/** Simulated base volume traded over `dtSeconds`, louder when the price moved more. */
export const simulatedVolume = (
  entry: CatalogueEntry,
  walk: WalkState,
  price: string,
  dtSeconds: number,
  logReturn: number,
) => {
  const typical = (entry.volumeUsd24h * dtSeconds) / 86_400;
  const surprise = Math.abs(logReturn) / Math.sqrt((entry.dailyVolatility ** 2 * dtSeconds) / 86_400);
  const usd = typical * (0.4 + nextUniform(walk.random) * 0.8) * (0.6 + 0.4 * surprise);
  return factor(usd).div(price).toDecimalPlaces(8);
};

/** Steps of the increment nearest a float price, at least one (a price never walks to zero). */
const stepsOf = (value: number, increment: number) => Math.max(Math.round(value / increment), 1);

const MINUTES_PER_DAY = DAY_MS / MINUTE_MS;

/**
 * `minutes` one-minute candles walked forward by the live walk (`stepWalk`, the same model and random stream the
 * market then continues with) and scaled so the final close is `endPrice`. Prices are whole steps of the
 * increment, volume in base; floats throughout, so a year (525,600 candles) takes a fraction of a second.
 * Both the market's opening day (`generateHistory`) and the candle store's longer past
 * (`generatePastCandles`, docs/decisions/candle-store.md) are made here.
 */
export const walkMinuteSteps = (
  entry: CatalogueEntry,
  walk: WalkState,
  minutes: number,
  endPrice: number,
) => {
  const increment = Number(entry.priceIncrement);
  const logs = new Float64Array(minutes + 1);
  const wiggles = new Float64Array(minutes);
  for (let i = 0; i < minutes; i++) {
    logs[i + 1] = (logs[i] ?? 0) + stepWalk(walk, entry.dailyVolatility, 60);
    wiggles[i] = Math.abs(nextNormal(walk.random)) * Math.sqrt(walk.variance * 60) * 0.5;
  }
  const end = logs[minutes] ?? 0;
  const floats = logs.map((log) => endPrice * Math.exp(log - end));
  const open = new Float64Array(minutes);
  const high = new Float64Array(minutes);
  const low = new Float64Array(minutes);
  const close = new Float64Array(minutes);
  const volume = new Float64Array(minutes);
  const endSteps = stepsOf(endPrice, increment);
  let previous = stepsOf(floats[0] ?? endPrice, increment);
  for (let i = 0; i < minutes; i++) {
    const from = floats[i] ?? 0;
    const to = floats[i + 1] ?? 0;
    const closing = i === minutes - 1 ? endSteps : stepsOf(to, increment);
    const wiggle = wiggles[i] ?? 0;
    open[i] = previous;
    close[i] = closing;
    // Rounding can pull a float high/low inside the open/close; the candle must still contain them.
    high[i] = Math.max(stepsOf(Math.max(from, to) * (1 + wiggle), increment), previous, closing);
    low[i] = Math.min(stepsOf(Math.min(from, to) * (1 - wiggle), increment), previous, closing);
    const usd = (entry.volumeUsd24h / MINUTES_PER_DAY) * (0.4 + nextUniform(walk.random) * 0.8);
    const surprise =
      Math.abs((logs[i + 1] ?? 0) - (logs[i] ?? 0)) / Math.sqrt((entry.dailyVolatility ** 2 * 60) / 86_400);
    volume[i] = (usd * (0.6 + 0.4 * surprise)) / (to || 1);
    previous = closing;
  }
  return { open, high, low, close, volume };
};

/**
 * One day of one-minute candles ending at `nowMs`, walked forward with the same model and then scaled so the
 * final close is the catalogue price: the market opens where the catalogue says, with a believable past.
 */
export const generateHistory = (entry: CatalogueEntry, walk: WalkState, nowMs: number): MinuteCandle[] => {
  const minutes = MINUTES_PER_DAY;
  const steps = walkMinuteSteps(entry, walk, minutes, Number(entry.startPrice));
  const price = (value: number | undefined) => str(dec(value ?? 1).mul(entry.priceIncrement));
  const firstMinute = minuteOf(nowMs) - minutes * MINUTE_MS;
  const candles: MinuteCandle[] = [];
  for (let i = 0; i < minutes; i++) {
    candles.push({
      t: firstMinute + i * MINUTE_MS,
      o: price(steps.open[i]),
      h: price(steps.high[i]),
      l: price(steps.low[i]),
      c: i === minutes - 1 ? entry.startPrice : price(steps.close[i]),
      v: (steps.volume[i] ?? 0).toFixed(8),
    });
  }
  return candles;
};
