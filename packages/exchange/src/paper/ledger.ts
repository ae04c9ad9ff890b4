import type { Decimal } from 'decimal.js';
import type { OrderBook } from './order-book.ts';
import { dec, str } from './paper-decimal.ts';
import {
  type BalanceRecord,
  balanceKey,
  type FillRecord,
  type KeyRecord,
  type OrderRecord,
  type PortfolioRecord,
} from './paper-records.ts';
import type { PaperChanges } from './paper-store.ts';

/** The venue's committed state: only ever changed by applying a committed transaction. */
export type VenueState = {
  portfolios: Map<string, PortfolioRecord>;
  keys: Map<string, KeyRecord>;
  balances: Map<string, BalanceRecord>;
  orders: Map<string, OrderRecord>;
  /** `${portfolioId}/${clientOrderId}` → order id. */
  clientOrderIds: Map<string, string>;
  fills: FillRecord[];
  books: Map<string, OrderBook>;
  sequence: number;
};

/**
 * A unit of work over the venue state: reads see the work's own writes, writes stay private until the store has
 * committed them. Then `apply` publishes them. This is what makes the venue write-through without half-states.
 */
export type Ledger = ReturnType<typeof openLedger>;

export const openLedger = (state: VenueState) => {
  const orders = new Map<string, OrderRecord>();
  const balances = new Map<string, BalanceRecord>();
  const portfolios: PortfolioRecord[] = [];
  const keys: KeyRecord[] = [];
  const fills: FillRecord[] = [];
  let sequence = state.sequence;

  const balance = (portfolioId: string, currency: string): BalanceRecord => {
    const key = balanceKey(portfolioId, currency);
    const current = balances.get(key) ?? state.balances.get(key);
    if (current) return current;
    return { portfolioId, currency, available: '0', hold: '0' };
  };
  const adjust = (portfolioId: string, currency: string, delta: { available?: Decimal; hold?: Decimal }) => {
    const current = balance(portfolioId, currency);
    balances.set(balanceKey(portfolioId, currency), {
      ...current,
      available: str(dec(current.available).add(delta.available ?? 0)),
      hold: str(dec(current.hold).add(delta.hold ?? 0)),
    });
  };

  return {
    order: (id: string) => orders.get(id) ?? state.orders.get(id),
    putOrder: (order: OrderRecord) => orders.set(order.id, order),
    balance,
    adjust,
    putPortfolio: (portfolio: PortfolioRecord) => portfolios.push(portfolio),
    putKey: (key: KeyRecord) => keys.push(key),
    addFill: (fill: Omit<FillRecord, 'sequence'>) => {
      sequence += 1;
      const record = { ...fill, sequence };
      fills.push(record);
      return record;
    },
    isEmpty: () => !orders.size && !balances.size && !portfolios.length && !keys.length && !fills.length,
    changes: (): PaperChanges => ({
      portfolios,
      keys,
      balances: [...balances.values()],
      orders: [...orders.values()],
      fills,
    }),
    /** Publishes the committed work into the venue state and its books; returns what changed, for events. */
    apply: () => {
      for (const p of portfolios) state.portfolios.set(p.id, p);
      for (const k of keys) state.keys.set(k.keyName, k);
      for (const [key, b] of balances) state.balances.set(key, b);
      for (const o of orders.values()) {
        state.orders.set(o.id, o);
        state.clientOrderIds.set(`${o.portfolioId}/${o.clientOrderId}`, o.id);
        const book = state.books.get(o.productId);
        if (o.status === 'open' && o.type === 'limit' && o.limitPrice)
          book?.insert(o.id, o.side, o.limitPrice);
        else book?.remove(o.id);
      }
      for (const f of fills) state.fills.push(f);
      state.sequence = sequence;
      return { orders: [...orders.values()], fills };
    },
  };
};
