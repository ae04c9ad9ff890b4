import { money } from '../money/money-decimal.ts';
import { createSortedTriggers, type SortedTriggers } from './sorted-triggers.ts';

/**
 * Engine-side triggers (docs/decisions/epic-maths.md): `buy` fires when the ask rises to its price (levels above the market),
 * `stop` fires when the bid falls to its price. A fired trigger leaves the book; the engine re-arms it if acting
 * on it fails.
 */
export type TriggerKind = 'buy' | 'stop';
export type Trigger = {
  /** Unique in the book: the level's client order id, or `stop:<epicId>`. */
  id: string;
  epicId: string;
  productId: string;
  kind: TriggerKind;
  /** Decimal string. */
  price: string;
};

type ProductBook = { buys: SortedTriggers<Trigger>; stops: SortedTriggers<Trigger> };

export type TriggerBook = {
  /** Adds or replaces (same id) a trigger. */
  add: (trigger: Trigger) => void;
  remove: (id: string) => boolean;
  removeEpic: (epicId: string) => void;
  /** Every trigger the quote crosses, removed from the book; untouched triggers cost nothing. */
  onTick: (productId: string, bid: string, ask: string) => Trigger[];
  has: (id: string) => boolean;
  size: () => number;
  products: () => string[];
};

export const createTriggerBook = (): TriggerBook => {
  const books = new Map<string, ProductBook>();
  const byId = new Map<string, Trigger>();
  const byEpic = new Map<string, Set<string>>();

  const bookOf = (productId: string): ProductBook => {
    let book = books.get(productId);
    if (!book) {
      book = { buys: createSortedTriggers(), stops: createSortedTriggers() };
      books.set(productId, book);
    }
    return book;
  };
  const forget = (trigger: Trigger) => {
    byId.delete(trigger.id);
    const ids = byEpic.get(trigger.epicId);
    ids?.delete(trigger.id);
    if (ids && ids.size === 0) byEpic.delete(trigger.epicId);
  };
  const remove = (id: string): boolean => {
    const trigger = byId.get(id);
    if (!trigger) return false;
    const book = bookOf(trigger.productId);
    (trigger.kind === 'buy' ? book.buys : book.stops).remove(id, money(trigger.price));
    forget(trigger);
    return true;
  };

  return {
    add: (trigger) => {
      remove(trigger.id);
      const book = bookOf(trigger.productId);
      const entry = { id: trigger.id, price: money(trigger.price), trigger };
      (trigger.kind === 'buy' ? book.buys : book.stops).insert(entry);
      byId.set(trigger.id, trigger);
      let ids = byEpic.get(trigger.epicId);
      if (!ids) {
        ids = new Set();
        byEpic.set(trigger.epicId, ids);
      }
      ids.add(trigger.id);
    },
    remove,
    removeEpic: (epicId) => {
      for (const id of [...(byEpic.get(epicId) ?? [])]) remove(id);
    },
    onTick: (productId, bid, ask) => {
      const book = books.get(productId);
      if (!book) return [];
      const fired = [
        ...book.buys.takeAtOrBelow(money(ask)).map((e) => e.trigger),
        ...book.stops.takeAtOrAbove(money(bid)).map((e) => e.trigger),
      ];
      for (const trigger of fired) forget(trigger);
      return fired;
    },
    has: (id) => byId.has(id),
    size: () => byId.size,
    products: () =>
      [...books.keys()].filter((id) => {
        const book = books.get(id);
        return book !== undefined && book.buys.size() + book.stops.size() > 0;
      }),
  };
};
