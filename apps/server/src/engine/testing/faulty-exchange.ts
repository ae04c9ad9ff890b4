import type { Exchange, ExchangeAccount, MarketData } from '@cdca/exchange';

type AccountMethod = Exclude<keyof ExchangeAccount, 'subscribeUserEvents'>;
type MarketMethod = Exclude<keyof MarketData, 'subscribeTicks'>;

/** What the venue does instead of answering; set and cleared by the test while the engine runs. */
export type FaultPlan = {
  account: Partial<Record<AccountMethod, () => Error>>;
  market: Partial<Record<MarketMethod, () => Error>>;
};

/**
 * A real exchange (the paper venue) behind a switchboard of faults, as a flaky network or an unhappy venue would
 * behave: a faulted call throws before reaching the venue. It also counts the orders the venue really accepted per
 * client order id, which is how a test proves nothing was placed twice even on a venue that is not idempotent.
 */
export const withFaults = (exchange: Exchange) => {
  const faults: FaultPlan = { account: {}, market: {} };
  /** While dropping, the account's user events (fills) never reach the engine; the venue still records them. */
  const stream = { dropping: false };
  /** Successful placeOrder answers per client order id (first sight only counts as a new order). */
  const accepted = new Map<string, Set<string>>();
  const placeCalls = new Map<string, number>();

  const failIfFaulted = (fault: (() => Error) | undefined) => {
    if (fault) throw fault();
  };
  const market: MarketData = {
    listProducts: async () => {
      failIfFaulted(faults.market.listProducts);
      return exchange.market.listProducts();
    },
    getProduct: async (id) => {
      failIfFaulted(faults.market.getProduct);
      return exchange.market.getProduct(id);
    },
    getTicker: async (id) => {
      failIfFaulted(faults.market.getTicker);
      return exchange.market.getTicker(id);
    },
    getCandles: async (id, query) => {
      failIfFaulted(faults.market.getCandles);
      return exchange.market.getCandles(id, query);
    },
    subscribeTicks: (ids, onTick) => exchange.market.subscribeTicks(ids, onTick),
  };
  const account = (credentials: Parameters<Exchange['account']>[0]): ExchangeAccount => {
    const inner = exchange.account(credentials);
    const guard =
      <A extends unknown[], R>(method: AccountMethod, call: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        failIfFaulted(faults.account[method]);
        return call(...args);
      };
    return {
      getKeyPermissions: guard('getKeyPermissions', () => inner.getKeyPermissions()),
      getBalances: guard('getBalances', () => inner.getBalances()),
      placeOrder: guard('placeOrder', async (request: Parameters<ExchangeAccount['placeOrder']>[0]) => {
        placeCalls.set(request.clientOrderId, (placeCalls.get(request.clientOrderId) ?? 0) + 1);
        const order = await inner.placeOrder(request);
        const ids = accepted.get(request.clientOrderId) ?? new Set<string>();
        ids.add(order.id);
        accepted.set(request.clientOrderId, ids);
        return order;
      }),
      cancelOrders: guard('cancelOrders', (ids: readonly string[]) => inner.cancelOrders(ids)),
      getOrder: guard('getOrder', (id: string) => inner.getOrder(id)),
      getOrderByClientOrderId: guard('getOrderByClientOrderId', (id: string) =>
        inner.getOrderByClientOrderId(id),
      ),
      listFills: guard('listFills', (query: Parameters<ExchangeAccount['listFills']>[0]) =>
        inner.listFills(query),
      ),
      // A stream that goes quiet without closing, as a dropped connection does until the venue notices.
      subscribeUserEvents: (onEvent) =>
        inner.subscribeUserEvents((event) => {
          if (!stream.dropping) onEvent(event);
        }),
    };
  };
  const wrapped: Exchange = { ...exchange, market, account };
  return {
    exchange: wrapped,
    faults,
    stream,
    /** Clears every fault: the venue answers normally again. */
    heal: () => {
      faults.account = {};
      faults.market = {};
    },
    /** How many times placeOrder reached the venue per client order id (a retry after a crash counts). */
    placeCalls,
    accepted,
  };
};
export type FaultyExchange = ReturnType<typeof withFaults>;
