import { ExchangeError } from '@cdca/engine';
import type { Exchange, ExchangeAccount, MarketData } from '@cdca/exchange';

/**
 * Wraps a real exchange with a switch that makes it unreachable, as a network outage would: every call then
 * fails with ExchangeError('unavailable'), the way the adapters report a venue that is down.
 */
export const withOutageSwitch = (exchange: Exchange) => {
  const state = { down: false };
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (state.down)
        throw new ExchangeError('unavailable', 'the exchange is unreachable (simulated outage)');
      return call(...args);
    };
  const market: MarketData = {
    listProducts: guard(() => exchange.market.listProducts()),
    getProduct: guard((id: string) => exchange.market.getProduct(id)),
    getTicker: guard((id: string) => exchange.market.getTicker(id)),
    getCandles: guard((id: string, query: Parameters<MarketData['getCandles']>[1]) =>
      exchange.market.getCandles(id, query),
    ),
    subscribeTicks: (ids, onTick) => exchange.market.subscribeTicks(ids, onTick),
  };
  const account = (credentials: Parameters<Exchange['account']>[0]): ExchangeAccount => {
    const inner = exchange.account(credentials);
    return {
      getKeyPermissions: guard(() => inner.getKeyPermissions()),
      getBalances: guard(() => inner.getBalances()),
      placeOrder: guard((request: Parameters<ExchangeAccount['placeOrder']>[0]) => inner.placeOrder(request)),
      cancelOrders: guard((ids: readonly string[]) => inner.cancelOrders(ids)),
      getOrder: guard((id: string) => inner.getOrder(id)),
      getOrderByClientOrderId: guard((id: string) => inner.getOrderByClientOrderId(id)),
      listFills: guard((query: Parameters<ExchangeAccount['listFills']>[0]) => inner.listFills(query)),
      subscribeUserEvents: (onEvent) => inner.subscribeUserEvents(onEvent),
    };
  };
  const wrapped: Exchange = { ...exchange, market, account };
  return { exchange: wrapped, state };
};
