import type { PriceTick } from '../exchange.ts';
import type { VenueState } from './ledger.ts';
import type { PaperMarket } from './paper-market.ts';
import type { FillRecord, OrderRecord } from './paper-records.ts';
import { balanceKey } from './paper-records.ts';
import type { LedgerRecords, MarketHead, PaperSession } from './paper-store.ts';

/** What another process changed, announced to this process's subscribers as if it had happened here. */
export type Announcements = { orders: OrderRecord[]; fills: FillRecord[]; ticks: PriceTick[] };

export const NOTHING_NEW: Announcements = { orders: [], fills: [], ticks: [] };

const differs = (a: OrderRecord, b: OrderRecord) =>
  a.status !== b.status || a.filledSize !== b.filledSize || a.holdAmount !== b.holdAmount;

const replaceAll = <T>(map: Map<string, T>, rows: readonly T[], key: (row: T) => string) => {
  map.clear();
  for (const row of rows) map.set(key(row), row);
};

/** Takes the stored ledger as the truth; the orders that changed and the fills that are new to this process. */
export const adoptLedger = (state: VenueState, records: LedgerRecords) => {
  replaceAll(state.portfolios, records.portfolios, (p) => p.id);
  replaceAll(state.keys, records.keys, (k) => k.keyName);
  replaceAll(state.balances, records.balances, (b) => balanceKey(b.portfolioId, b.currency));
  const orders: OrderRecord[] = [];
  for (const order of records.orders) {
    const known = state.orders.get(order.id);
    if (known && !differs(known, order)) continue;
    orders.push(order);
    state.orders.set(order.id, order);
    state.clientOrderIds.set(`${order.portfolioId}/${order.clientOrderId}`, order.id);
    const book = state.books.get(order.productId);
    if (order.status === 'open' && order.type === 'limit' && order.limitPrice)
      book?.insert(order.id, order.side, order.limitPrice);
    else book?.remove(order.id);
  }
  const fills = records.fills
    .filter((f) => f.sequence > state.sequence)
    .sort((a, b) => a.sequence - b.sequence);
  for (const fill of fills) state.fills.push(fill);
  state.sequence = fills.at(-1)?.sequence ?? state.sequence;
  return { orders, fills };
};

/**
 * Keeps one process's memory in step with the shared store (docs/decisions/one-paper-market.md): it remembers
 * the revisions it last saw, and reads again only what moved since. A commit of its own moves what it saw along.
 */
export const createStateSync = (state: VenueState) => {
  let seen = { ledger: -1, quotes: -1, snapshot: -1 };

  const overlayQuotes = (head: MarketHead, market: PaperMarket): PriceTick[] => {
    if (head.quotesRevision === seen.quotes) return [];
    seen.quotes = head.quotesRevision;
    return head.quotes ? market.applyQuotes(head.quotes) : [];
  };

  return {
    /** Whether memory lags in what must be read under the lock (the ledger, the market's full state). */
    needsLock: (head: MarketHead) =>
      head.ledgerRevision !== seen.ledger || head.snapshotRevision !== seen.snapshot,
    overlayQuotes,
    /** Inside a locked session: reads what others committed since this process last looked. */
    sync: async (session: PaperSession, market: PaperMarket): Promise<Announcements> => {
      const { head } = session;
      if (head.snapshotRevision !== seen.snapshot) {
        const stored = await session.loadMarket();
        if (stored) market.restore(stored);
        seen.snapshot = head.snapshotRevision;
        // The snapshot is older than the quotes: lay them over it again.
        seen.quotes = -1;
      }
      let ledger: Pick<Announcements, 'orders' | 'fills'> = { orders: [], fills: [] };
      if (head.ledgerRevision !== seen.ledger) {
        ledger = adoptLedger(state, await session.loadLedger(state.sequence));
        seen.ledger = head.ledgerRevision;
      }
      return { ...ledger, ticks: overlayQuotes(head, market) };
    },
    /** The full market was just read in this session (at start-up): only quotes are laid over it still. */
    marketLoaded: (head: MarketHead) => {
      seen.snapshot = head.snapshotRevision;
      seen.quotes = -1;
    },
    committed: (head: MarketHead) => {
      seen = { ledger: head.ledgerRevision, quotes: head.quotesRevision, snapshot: head.snapshotRevision };
    },
    /** After a takeover: read everything again, the walk and history included. */
    forget: () => {
      seen = { ledger: -1, quotes: -1, snapshot: -1 };
    },
  };
};
