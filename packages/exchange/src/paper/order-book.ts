import type { Side } from '@cdca/engine';
import type { Decimal } from 'decimal.js';
import { dec } from './paper-decimal.ts';

/** One price level: orders in time priority (a Map keeps insertion order and deletes in O(1)). */
type Level = { price: Decimal; orderIds: Map<string, true> };

type SideBook = { levels: Level[]; better: (a: Decimal, b: Decimal) => boolean };

/**
 * Resting limit orders of one product, price-sorted per side, so a tick walks only the levels it crosses:
 * bids best (highest) first, asks best (lowest) first.
 */
export type OrderBook = {
  insert: (orderId: string, side: Side, price: string) => void;
  remove: (orderId: string) => void;
  /** Order ids a tick crosses, best price first: buys priced ≥ ask, sells priced ≤ bid. */
  crossed: (side: Side, touch: Decimal) => Generator<string>;
  size: () => number;
};

const findLevel = (book: SideBook, price: Decimal) => {
  let lo = 0;
  let hi = book.levels.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const level = book.levels[mid];
    if (level && book.better(level.price, price)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

export const createOrderBook = (): OrderBook => {
  const sides: Record<Side, SideBook> = {
    buy: { levels: [], better: (a, b) => a.gt(b) },
    sell: { levels: [], better: (a, b) => a.lt(b) },
  };
  const where = new Map<string, { side: Side; price: Decimal }>();

  return {
    insert: (orderId, side, price) => {
      if (where.has(orderId)) return;
      const book = sides[side];
      const p = dec(price);
      const at = findLevel(book, p);
      const existing = book.levels[at];
      if (existing?.price.eq(p)) existing.orderIds.set(orderId, true);
      else book.levels.splice(at, 0, { price: p, orderIds: new Map([[orderId, true]]) });
      where.set(orderId, { side, price: p });
    },
    remove: (orderId) => {
      const found = where.get(orderId);
      if (!found) return;
      where.delete(orderId);
      const book = sides[found.side];
      const at = findLevel(book, found.price);
      const level = book.levels[at];
      if (!level?.price.eq(found.price)) return;
      level.orderIds.delete(orderId);
      if (level.orderIds.size === 0) book.levels.splice(at, 1);
    },
    crossed: function* (side, touch) {
      // Collect the crossed levels first: the caller removes filled orders (and emptied levels) while iterating.
      const crossedLevels: Level[] = [];
      for (const level of sides[side].levels) {
        if (side === 'buy' ? level.price.lt(touch) : level.price.gt(touch)) break;
        crossedLevels.push(level);
      }
      for (const level of crossedLevels) yield* [...level.orderIds.keys()];
    },
    size: () => where.size,
  };
};
