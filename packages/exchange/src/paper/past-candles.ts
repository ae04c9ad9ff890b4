import { CATALOGUE, type CandleColumns } from '@cdca/engine';
import { walkMinuteSteps } from './market-history.ts';
import { MINUTE_MS, minuteOf } from './minute-candles.ts';
import { initialWalkState } from './price-walk.ts';
import { catalogueEntry } from './product-state.ts';
import { hashSeed } from './seeded-random.ts';

/** A price in whole steps of the increment as the nearest float: 9700001 steps of 0.01 is 97000.01, not …0000001. */
const toPrice = (increment: number) => {
  const perUnit = Math.round(1 / increment);
  return Math.abs(perUnit * increment - 1) < 1e-12
    ? (steps: number) => steps / perUnit
    : (steps: number) => steps * increment;
};

/**
 * The paper market's history before what the venue itself still holds (docs/decisions/candle-store.md): `minutes`
 * one-minute candles ending at `endMs` (exclusive) whose last close is `endPrice` — the open of the venue's oldest
 * candle — walked by the very walk the live market uses (`walkMinuteSteps`, `stepWalk`). The same market seed,
 * product, end and price give the same candles, so a store rebuilt from scratch holds the same past.
 */
export const generatePastCandles = (options: {
  seed: number;
  productId: string;
  endMs: number;
  minutes: number;
  endPrice: number;
}): CandleColumns => {
  const entry = catalogueEntry(options.productId);
  if (!entry) throw new Error(`no paper product ${options.productId}`);
  const endMinute = minuteOf(options.endMs);
  const walk = initialWalkState(
    entry.dailyVolatility,
    hashSeed(`${options.seed}:${options.productId}:past:${endMinute}`),
  );
  const steps = walkMinuteSteps(entry, walk, options.minutes, options.endPrice);
  const price = toPrice(Number(entry.priceIncrement));
  const first = endMinute - options.minutes * MINUTE_MS;
  return {
    time: Float64Array.from({ length: options.minutes }, (_, i) => first + i * MINUTE_MS),
    open: steps.open.map(price),
    high: steps.high.map(price),
    low: steps.low.map(price),
    close: steps.close.map(price),
    volume: Float32Array.from(steps.volume),
  };
};

/** The products the paper market trades, each with history the candle store can generate. */
export const paperProductIds = (): string[] => CATALOGUE.map((e) => `${e.base}-USD`);
