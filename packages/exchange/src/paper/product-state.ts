import type { Product, ProductAvailability } from '@cdca/engine';
import { CATALOGUE, type CatalogueEntry, listedProduct } from '@cdca/engine';
import type { Decimal } from 'decimal.js';
import { dayWindow, type MinuteCandle } from './minute-candles.ts';
import { ceilTo, dec, floorTo, str, ZERO } from './paper-decimal.ts';
import type { WalkState } from './price-walk.ts';

export type PriceScript = { prices: string[]; startMs: number; stepMs: number };

/** Everything the market knows about one product; plain data so it snapshots to JSON as is. */
export type ProductState = {
  id: string;
  /** The model's unrounded price; `last` is it rounded to the price increment. */
  mid: string;
  last: string;
  walk: WalkState;
  availability: ProductAvailability;
  script: PriceScript | null;
  candles: MinuteCandle[];
};

export const catalogueEntry = (productId: string): CatalogueEntry | undefined =>
  CATALOGUE.find((entry) => `${entry.base}-USD` === productId);

/** Bid and ask straddle the last price by the product's half-spread, at least one price increment each side. */
export const quoteOf = (
  state: ProductState,
  entry: CatalogueEntry,
): { price: Decimal; bid: Decimal; ask: Decimal } => {
  const price = dec(state.last);
  const increment = entry.priceIncrement;
  let half = price.mul(entry.halfSpreadBps).div(10_000);
  if (half.lt(increment)) half = dec(increment);
  let bid = floorTo(price.sub(half), increment);
  if (bid.lte(0)) bid = dec(increment);
  const ask = ceilTo(price.add(half), increment);
  return { price, bid: bid.gt(price) ? price : bid, ask: ask.lt(price) ? price : ask };
};

export const isTradable = (availability: ProductAvailability) =>
  availability === 'online' || availability === 'limit-only' || availability === 'post-only';

export const toProduct = (state: ProductState, entry: CatalogueEntry, nowMs: number): Product => {
  const { openPrice, volume } = dayWindow(state.candles, nowMs);
  const change =
    openPrice && !dec(openPrice).isZero() ? dec(state.last).sub(openPrice).div(openPrice).mul(100) : ZERO;
  return listedProduct(entry, {
    price: state.last,
    priceChange24h: str(change.toDecimalPlaces(8)),
    volume24h: str(volume.toDecimalPlaces(8)),
    availability: state.availability,
  });
};
