import type { Clock, Fill, Order, OrderRequest, OrderStatus, ProductAvailability } from '@cdca/engine';
import { ExchangeError } from '@cdca/engine';
import type { Decimal } from 'decimal.js';
import type { Balance, CancelResult, PriceTick, UserEvent } from '../exchange.ts';
import type { Ledger, VenueState } from './ledger.ts';
import { type FeeRates, finishOrder, matchTick } from './matching.ts';
import { dec, parseDecimal } from './paper-decimal.ts';
import type { PaperMarket } from './paper-market.ts';
import { toFill, toOrder } from './paper-records.ts';
import type { MarketHead } from './paper-store.ts';
import { placeOrder } from './place-order.ts';
import type { createVenueCore } from './venue-core.ts';

type Core = ReturnType<typeof createVenueCore>;

/** Orders, fills, balances and the tick loop that matches resting orders against the price path. */
export const createVenueTrading = (deps: {
  state: VenueState;
  core: Core;
  settings: { fees: FeeRates; liquidityPerTick: Decimal; snapshotEveryMs: number };
  clock: Clock;
  getMarket: () => Promise<PaperMarket>;
  /** Catches up with what other processes committed, before a read. */
  refresh: () => Promise<void>;
  /** Whether this process drives the market; `holds` re-checks the lease inside a locked session. */
  driver: { driving: () => boolean; holds: (head: MarketHead) => boolean };
  startingBalanceUsd: string;
}) => {
  const { state, core, settings, clock, getMarket, refresh, driver } = deps;
  let lastSnapshotMs = Number.NEGATIVE_INFINITY;

  const match = (ledger: Ledger, market: PaperMarket, tick: PriceTick) => {
    const product = market.product(tick.productId);
    const book = state.books.get(tick.productId);
    if (product && book?.size()) matchTick(ledger, book, product.entry, tick, settings);
  };

  /**
   * Moves the market to `toMs` (ticks on the grid) and matches every tick, as one committed unit. Only the driver
   * does (docs/decisions/one-paper-market.md), and only while the lease is still its own inside the session:
   * another market moving the same prices is what made resting orders stop filling.
   */
  const tickTo = async (toMs: number) => {
    const market = await getMarket();
    if (!driver.driving()) return refresh();
    const ticks: PriceTick[] = [];
    let snapshot = false;
    await core.transact(
      (ledger, head) => {
        if (!driver.holds(head)) return;
        market.advance(toMs, (tick) => {
          ticks.push(tick);
          match(ledger, market, tick);
        });
        snapshot = market.timeMs() - lastSnapshotMs >= settings.snapshotEveryMs;
      },
      {
        ticks,
        market: () => (snapshot ? market.snapshot() : undefined),
        quotes: () => (ticks.length > 0 ? market.quotes() : undefined),
      },
    );
    if (snapshot) lastSnapshotMs = market.timeMs();
  };

  /**
   * What a control writes: quotes always (every process trades at them at once); the product's full state only
   * from the driver, whose history is the current one (a follower's copy may be a snapshot interval behind).
   */
  const controlWrites = (market: PaperMarket, productId: string) => ({
    market: () => (driver.driving() ? market.snapshot([productId]) : undefined),
    quotes: () => market.quotes(),
  });

  /** A control change of the price: one tick at the new price, matched, with a market snapshot. */
  const priceControl = async (
    productId: string,
    change: (market: PaperMarket, nowMs: number) => PriceTick,
  ) => {
    const market = await getMarket();
    const ticks: PriceTick[] = [];
    await core.transact(
      (ledger) => {
        const tick = change(market, clock.now().getTime());
        ticks.push(tick);
        match(ledger, market, tick);
      },
      { ...controlWrites(market, productId), ticks },
    );
  };

  const ownOrder = (portfolioId: string, orderId: string) => {
    const order = state.orders.get(orderId);
    return order && order.portfolioId === portfolioId ? order : undefined;
  };

  return {
    tick: () => tickTo(clock.now().getTime()),
    /** Forgets when the last snapshot was written: a new driver writes one at its first tick. */
    snapshotDue: () => {
      lastSnapshotMs = Number.NEGATIVE_INFINITY;
    },
    /** Moves a manual clock forward and lets the market catch up. */
    advance: async (ms: number) => {
      if (!clock.advance) throw new ExchangeError('invalid-order', 'advance needs a manual clock');
      clock.advance(ms);
      await tickTo(clock.now().getTime());
    },
    setPrice: (productId: string, price: string) =>
      priceControl(productId, (market, nowMs) => market.setPrice(productId, price, nowMs)),
    scriptPath: (productId: string, prices: readonly string[], stepMs?: number) =>
      priceControl(productId, (market, nowMs) =>
        market.scriptPath(productId, prices, stepMs ?? 1_000, nowMs),
      ),
    onAvailability: (productId: string, availability: ProductAvailability, market: PaperMarket) =>
      core.transact(
        (ledger) => {
          market.setAvailability(productId, availability);
          // Coinbase cancels resting orders of a product it delists; the engine has to cope with that.
          if (availability !== 'delisted') return;
          for (const order of state.orders.values()) {
            if (order.productId === productId && order.status === 'open')
              finishOrder(ledger, order, 'cancelled', clock.now());
          }
        },
        controlWrites(market, productId),
      ),
    getBalances: async (portfolioId: string): Promise<Balance[]> => {
      await refresh();
      const balances: Balance[] = [];
      for (const b of state.balances.values()) {
        if (b.portfolioId === portfolioId)
          balances.push({ currency: b.currency, available: b.available, hold: b.hold });
      }
      return balances.sort((a, b) => a.currency.localeCompare(b.currency));
    },
    fund: async (portfolioId: string, currency: string, amount: string) => {
      await refresh();
      const value = parseDecimal(amount);
      if (!value) throw new ExchangeError('invalid-order', `amount must be a decimal string, got ${amount}`);
      if (!state.portfolios.has(portfolioId)) throw new ExchangeError('not-found', 'unknown portfolio');
      await core.transact((ledger) => {
        const balance = ledger.balance(portfolioId, currency);
        if (dec(balance.available).add(value).lt(0))
          throw new ExchangeError('insufficient-funds', 'balance would go negative');
        ledger.adjust(portfolioId, currency, { available: value });
      });
    },
    placeOrder: async (portfolioId: string, request: OrderRequest): Promise<Order> => {
      const market = await getMarket();
      return core.transact((ledger) => {
        // Idempotent on clientOrderId, checked before anything else: a retry must get the original back.
        const existingId = state.clientOrderIds.get(`${portfolioId}/${request.clientOrderId}`);
        const existing = existingId ? state.orders.get(existingId) : undefined;
        if (existing) return toOrder(existing);
        const product = market.product(request.productId);
        if (!product) throw new ExchangeError('product-unavailable', `unknown product ${request.productId}`);
        const context = { portfolioId, ...product, fees: settings.fees, now: clock.now() };
        return toOrder(placeOrder(ledger, context, request));
      });
    },
    cancelOrders: async (portfolioId: string, orderIds: readonly string[]): Promise<CancelResult[]> => {
      await getMarket();
      return core.transact((ledger) =>
        orderIds.map((orderId) => {
          const order = ledger.order(orderId);
          if (!order || order.portfolioId !== portfolioId)
            return { orderId, success: false, reason: 'UNKNOWN_CANCEL_ORDER' };
          if (order.status !== 'open') return { orderId, success: false, reason: `order is ${order.status}` };
          finishOrder(ledger, order, 'cancelled', clock.now());
          return { orderId, success: true, reason: null };
        }),
      );
    },
    getOrder: async (portfolioId: string, orderId: string): Promise<Order> => {
      await refresh();
      const order = ownOrder(portfolioId, orderId);
      if (!order) throw new ExchangeError('not-found', `order ${orderId} not found`);
      return toOrder(order);
    },
    getOrderByClientOrderId: async (
      portfolioId: string,
      clientOrderId: string,
    ): Promise<Order | undefined> => {
      await refresh();
      const id = state.clientOrderIds.get(`${portfolioId}/${clientOrderId}`);
      const order = id ? ownOrder(portfolioId, id) : undefined;
      return order ? toOrder(order) : undefined;
    },
    listOrders: async (portfolioId: string, filter: { status?: OrderStatus; productId?: string } = {}) => {
      await refresh();
      const orders: Order[] = [];
      for (const o of state.orders.values()) {
        if (o.portfolioId !== portfolioId) continue;
        if (filter.status && o.status !== filter.status) continue;
        if (filter.productId && o.productId !== filter.productId) continue;
        orders.push(toOrder(o));
      }
      return orders;
    },
    listFills: async (
      portfolioId: string,
      query: { since?: Date; productId?: string; orderId?: string } = {},
    ): Promise<Fill[]> => {
      await refresh();
      const since = query.since?.getTime() ?? Number.NEGATIVE_INFINITY;
      return state.fills
        .filter(
          (f) =>
            f.portfolioId === portfolioId &&
            f.time.getTime() >= since &&
            (!query.productId || f.productId === query.productId) &&
            (!query.orderId || f.orderId === query.orderId),
        )
        .map(toFill);
    },
    subscribeUserEvents: (portfolioId: string, onEvent: (event: UserEvent) => void) =>
      core.userEvents.subscribe([portfolioId], onEvent),
  };
};
