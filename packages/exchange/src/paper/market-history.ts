import type { CatalogueEntry } from '@cdca/engine';
import { Decimal } from 'decimal.js';
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

/** Rounds a float price to the increment with one decimal operation (history has 47k candles to build). */
const onIncrement = (value: number, increment: string) => {
  const steps = Math.max(Math.round(value / Number(increment)), 1);
  return str(dec(steps).mul(increment));
};

/**
 * One day of one-minute candles ending at `nowMs`, walked forward with the same model and then scaled so the
 * final close is the catalogue price: the market opens where the catalogue says, with a believable past.
 */
export const generateHistory = (entry: CatalogueEntry, walk: WalkState, nowMs: number): MinuteCandle[] => {
  const minutes = DAY_MS / MINUTE_MS;
  const logs: number[] = [0];
  const wiggles: number[] = [];
  for (let i = 0; i < minutes; i++) {
    logs.push((logs.at(-1) ?? 0) + stepWalk(walk, entry.dailyVolatility, 60));
    wiggles.push(Math.abs(nextNormal(walk.random)) * Math.sqrt(walk.variance * 60) * 0.5);
  }
  const end = logs.at(-1) ?? 0;
  const start = Number(entry.startPrice);
  const floats = logs.map((log) => start * Math.exp(log - end));
  const prices = floats.map((p, i) =>
    i === minutes ? entry.startPrice : onIncrement(p, entry.priceIncrement),
  );
  const firstMinute = minuteOf(nowMs) - minutes * MINUTE_MS;
  const candles: MinuteCandle[] = [];
  for (let i = 0; i < minutes; i++) {
    const open = prices[i] ?? entry.startPrice;
    const close = prices[i + 1] ?? entry.startPrice;
    const wiggle = wiggles[i] ?? 0;
    const high = dec(
      onIncrement(Math.max(floats[i] ?? 0, floats[i + 1] ?? 0) * (1 + wiggle), entry.priceIncrement),
    );
    const low = dec(
      onIncrement(Math.min(floats[i] ?? 0, floats[i + 1] ?? 0) * (1 - wiggle), entry.priceIncrement),
    );
    const usd = (entry.volumeUsd24h / minutes) * (0.4 + nextUniform(walk.random) * 0.8);
    const surprise =
      Math.abs((logs[i + 1] ?? 0) - (logs[i] ?? 0)) / Math.sqrt((entry.dailyVolatility ** 2 * 60) / 86_400);
    candles.push({
      t: firstMinute + i * MINUTE_MS,
      o: open,
      // Rounding can pull a float high/low inside the open/close; the candle must still contain them.
      h: str(Decimal.max(high, open, close)),
      l: str(Decimal.min(low, open, close)),
      c: close,
      v: ((usd * (0.6 + 0.4 * surprise)) / (floats[i + 1] ?? 1)).toFixed(8),
    });
  }
  return candles;
};
