import type { MoneyDecimal } from '../money/money-decimal.ts';

/** A trigger as the book keeps it: its price parsed once, so a tick compares decimals without re-parsing. */
export type Entry<T> = { id: string; price: MoneyDecimal; trigger: T };

/**
 * Entries sorted by price ascending (ties by insertion). Plain arrays beat heaps here: a tick fires a prefix or a
 * suffix, found by binary search, and removing a contiguous run is one splice.
 */
export type SortedTriggers<T> = {
  insert: (entry: Entry<T>) => void;
  remove: (id: string, price: MoneyDecimal) => boolean;
  /** Removes and returns every entry priced at or below `price` (cheapest first). */
  takeAtOrBelow: (price: MoneyDecimal) => Entry<T>[];
  /** Removes and returns every entry priced at or above `price` (dearest first). */
  takeAtOrAbove: (price: MoneyDecimal) => Entry<T>[];
  size: () => number;
};

/** First index whose price is > price (upper bound). */
const upperBound = <T>(entries: Entry<T>[], price: MoneyDecimal): number => {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = entries[mid];
    if (at?.price.lte(price)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** First index whose price is >= price (lower bound). */
const lowerBound = <T>(entries: Entry<T>[], price: MoneyDecimal): number => {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = entries[mid];
    if (at?.price.lt(price)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

export const createSortedTriggers = <T>(): SortedTriggers<T> => {
  const entries: Entry<T>[] = [];
  return {
    insert: (entry) => {
      entries.splice(upperBound(entries, entry.price), 0, entry);
    },
    remove: (id, price) => {
      for (let i = lowerBound(entries, price); i < entries.length; i++) {
        const at = entries[i];
        if (!at?.price.eq(price)) break;
        if (at.id === id) {
          entries.splice(i, 1);
          return true;
        }
      }
      return false;
    },
    takeAtOrBelow: (price) => entries.splice(0, upperBound(entries, price)),
    takeAtOrAbove: (price) => entries.splice(lowerBound(entries, price)).reverse(),
    size: () => entries.length,
  };
};
