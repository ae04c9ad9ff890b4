import { generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import type { Fill, Order, OrderRequest, Product } from '@cdca/engine';
import { ExchangeError } from '@cdca/engine';
import type { Balance, Candle, KeyPermissions, PriceTick } from '../exchange.ts';
import type { FakeVenue, FakeVenueAccount } from './coinbase-fake/fake-venue.ts';

/**
 * A tiny scripted venue for the adapter's own protocol tests (auth, errors, paging), independent of the paper
 * engine. Orders rest or fill at the product price; `rejectNext` makes the next placeOrder throw.
 */
export type StubVenue = FakeVenue & {
  mintKey: (
    permissions?: Partial<KeyPermissions>,
    type?: 'ec' | 'ed25519',
  ) => { keyName: string; privateKey: string; publicKey: KeyObject };
  setBalances: (keyName: string, balances: Balance[]) => void;
  addFills: (keyName: string, fills: Fill[]) => void;
  rejectNext: (error: ExchangeError) => void;
  /** Every order a key's portfolio holds, oldest first: what "one order on the venue" is checked against. */
  ordersOf: (keyName: string) => Order[];
  tick: (tick: PriceTick) => void;
  candles: Candle[];
};

export const BTC_USD: Product = {
  id: 'BTC-USD',
  baseCurrency: 'BTC',
  quoteCurrency: 'USD',
  baseName: 'Bitcoin',
  baseIncrement: '0.00000001',
  quoteIncrement: '0.01',
  priceIncrement: '0.01',
  baseMinSize: '0.00000001',
  baseMaxSize: '3400',
  quoteMinSize: '1',
  quoteMaxSize: '150000000',
  status: 'online',
  tradingDisabled: false,
  cancelOnly: false,
  limitOnly: false,
  postOnly: false,
  price: '60000.00',
  priceChange24h: '-3.25',
  volume24h: '10967.87426597',
};

export const createStubVenue = (): StubVenue => {
  const keys = new Map<string, { publicKey: KeyObject; permissions: KeyPermissions }>();
  const balances = new Map<string, Balance[]>();
  const orders = new Map<string, Order[]>();
  const fills = new Map<string, Fill[]>();
  const listeners = new Map<
    string,
    Set<(event: { type: 'order'; order: Order } | { type: 'fill'; fill: Fill }) => void>
  >();
  const tickListeners = new Set<(tick: PriceTick) => void>();
  let rejection: ExchangeError | undefined;
  const candles: Candle[] = [];

  const product = async (id: string) => {
    if (id !== BTC_USD.id) throw new ExchangeError('not-found', `no product ${id}`);
    return BTC_USD;
  };

  const emit = (keyName: string, event: { type: 'order'; order: Order } | { type: 'fill'; fill: Fill }) => {
    for (const listener of listeners.get(keyName) ?? []) listener(event);
  };

  const place = (keyName: string, request: OrderRequest): Order => {
    const mine = orders.get(keyName) ?? [];
    const existing = mine.find((o) => o.clientOrderId === request.clientOrderId);
    if (existing) return existing;
    const now = new Date();
    const market = request.type === 'market';
    const baseSize = request.baseSize ?? null;
    const order: Order = {
      id: randomUUID(),
      clientOrderId: request.clientOrderId,
      productId: request.productId,
      side: request.side,
      type: request.type,
      status: market ? 'filled' : 'open',
      baseSize,
      quoteSize: request.type === 'market' ? (request.quoteSize ?? null) : null,
      limitPrice: request.type === 'limit' ? request.limitPrice : null,
      postOnly: request.type === 'limit' ? request.postOnly : false,
      filledSize: market ? '0.001' : '0',
      filledValue: market ? '60' : '0',
      averageFilledPrice: market ? '60000' : '0',
      totalFees: market ? '0.72' : '0',
      createdAt: now,
      doneAt: market ? now : null,
    };
    mine.push(order);
    orders.set(keyName, mine);
    if (market) {
      const fill: Fill = {
        tradeId: randomUUID(),
        orderId: order.id,
        clientOrderId: order.clientOrderId,
        productId: order.productId,
        side: order.side,
        price: '60000',
        size: '0.001',
        fee: '0.72',
        liquidity: 'taker',
        time: now,
      };
      fills.set(keyName, [...(fills.get(keyName) ?? []), fill]);
      emit(keyName, { type: 'fill', fill });
    }
    emit(keyName, { type: 'order', order });
    return order;
  };

  const accountOf = (keyName: string): FakeVenueAccount => ({
    getBalances: async () => balances.get(keyName) ?? [],
    placeOrder: async (request) => {
      if (rejection) {
        const error = rejection;
        rejection = undefined;
        throw error;
      }
      await product(request.productId).catch(() => {
        throw new ExchangeError('product-unavailable', `unknown product ${request.productId}`);
      });
      return place(keyName, request);
    },
    cancelOrders: async (ids) =>
      ids.map((id) => {
        const order = orders.get(keyName)?.find((o) => o.id === id);
        if (!order) return { orderId: id, success: false, reason: 'not found' };
        if (order.status !== 'open') return { orderId: id, success: false, reason: 'already done' };
        order.status = 'cancelled';
        order.doneAt = new Date();
        emit(keyName, { type: 'order', order });
        return { orderId: id, success: true, reason: null };
      }),
    getOrder: async (id) => {
      const order = orders.get(keyName)?.find((o) => o.id === id);
      if (!order) throw new ExchangeError('not-found', 'order not found');
      return order;
    },
    getOrderByClientOrderId: async (clientOrderId) =>
      orders.get(keyName)?.find((o) => o.clientOrderId === clientOrderId),
    listFills: async ({ since, productId }) =>
      (fills.get(keyName) ?? []).filter(
        (f) => f.time >= since && (productId === undefined || f.productId === productId),
      ),
    subscribeUserEvents: (onEvent) => {
      const set = listeners.get(keyName) ?? new Set();
      set.add(onEvent);
      listeners.set(keyName, set);
      return () => set.delete(onEvent);
    },
  });

  return {
    market: {
      listProducts: async () => [BTC_USD],
      getProduct: product,
      getTicker: async (id) => {
        await product(id);
        return { productId: id, price: '60000.00', bid: '59999.99', ask: '60000.01', time: new Date() };
      },
      getCandles: async (id, query) => {
        await product(id);
        return candles.filter((c) => c.start >= query.start && c.start <= query.end);
      },
      subscribeTicks: (_ids, onTick) => {
        tickListeners.add(onTick);
        return () => tickListeners.delete(onTick);
      },
    },
    findKey: async (keyName) => keys.get(keyName),
    accountOf,
    mintKey: (permissions = {}, type = 'ec') => {
      const pair =
        type === 'ec'
          ? generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
          : generateKeyPairSync('ed25519');
      const keyName = `organizations/${randomUUID()}/apiKeys/${randomUUID()}`;
      keys.set(keyName, {
        publicKey: pair.publicKey,
        permissions: {
          canView: true,
          canTrade: true,
          canTransfer: false,
          portfolioId: randomUUID(),
          portfolioName: 'Default',
          ...permissions,
        },
      });
      const privateKey =
        type === 'ec'
          ? pair.privateKey.export({ type: 'sec1', format: 'pem' }).toString()
          : pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      return { keyName, privateKey, publicKey: pair.publicKey };
    },
    setBalances: (keyName, list) => balances.set(keyName, list),
    addFills: (keyName, list) => fills.set(keyName, [...(fills.get(keyName) ?? []), ...list]),
    ordersOf: (keyName) => [...(orders.get(keyName) ?? [])],
    rejectNext: (error) => {
      rejection = error;
    },
    tick: (tick) => {
      for (const listener of tickListeners) listener(tick);
    },
    candles,
  };
};
