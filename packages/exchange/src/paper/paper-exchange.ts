import type { ProductAvailability } from '@cdca/engine';
import { ExchangeError } from '@cdca/engine';
import type { Exchange, ExchangeAccount, ExchangeCredentials } from '../exchange.ts';
import type { KeyRecord } from './paper-records.ts';
import {
  createPaperVenue,
  type MintedKey,
  type MintKeyRequest,
  type PaperVenue,
  type PaperVenueOptions,
} from './paper-venue.ts';

/** The test and demo levers of the paper venue. */
export type PaperControls = {
  venue: PaperVenue;
  setPrice: (productId: string, price: string) => Promise<void>;
  scriptPath: (productId: string, prices: readonly string[], stepMs?: number) => Promise<void>;
  setProductStatus: (productId: string, status: ProductAvailability) => Promise<void>;
  mintKey: (request: MintKeyRequest) => Promise<MintedKey>;
  revokeKey: (keyName: string) => Promise<void>;
  /** Credits (or, negative, debits) a portfolio, found by key name or portfolio id. */
  fund: (keyNameOrPortfolioId: string, currency: string, amount: string) => Promise<void>;
  /** Moves a manual clock forward and runs the ticks in between. */
  advance: (ms: number) => Promise<void>;
};

export type PaperExchange = Exchange & PaperControls;

type Permission = 'view' | 'trade';

export const createPaperExchange = (options: PaperVenueOptions = {}): PaperExchange => {
  const venue = createPaperVenue(options);

  const account = (credentials: ExchangeCredentials): ExchangeAccount => {
    /** Every call re-checks the key, so a revoked key stops working at once. */
    const as = async (permission: Permission | null): Promise<KeyRecord> => {
      const key = await venue.authenticate(credentials);
      if (permission === 'view' && !key.canView)
        throw new ExchangeError('forbidden', 'this API key cannot view');
      if (permission === 'trade' && !key.canTrade)
        throw new ExchangeError('forbidden', 'this API key cannot trade');
      return key;
    };
    return {
      getKeyPermissions: async () => venue.permissionsOf(await as(null)),
      getBalances: async () => venue.getBalances((await as('view')).portfolioId),
      placeOrder: async (request) => venue.placeOrder((await as('trade')).portfolioId, request),
      cancelOrders: async (orderIds) => venue.cancelOrders((await as('trade')).portfolioId, orderIds),
      getOrder: async (orderId) => venue.getOrder((await as('view')).portfolioId, orderId),
      getOrderByClientOrderId: async (clientOrderId) =>
        venue.getOrderByClientOrderId((await as('view')).portfolioId, clientOrderId),
      listFills: async (query) => venue.listFills((await as('view')).portfolioId, query),
      subscribeUserEvents: (onEvent) => {
        // Subscribing is synchronous in the port; an invalid key simply never receives events.
        let unsubscribe: (() => void) | undefined;
        let cancelled = false;
        as('view')
          .then((key) => {
            if (!cancelled) unsubscribe = venue.subscribeUserEvents(key.portfolioId, onEvent);
          })
          .catch(() => undefined);
        return () => {
          cancelled = true;
          unsubscribe?.();
        };
      },
    };
  };

  const portfolioOf = async (keyNameOrPortfolioId: string) =>
    (await venue.findKey(keyNameOrPortfolioId))?.portfolioId ?? keyNameOrPortfolioId;

  return {
    name: 'paper',
    capabilities: { privateRequestsPerSecond: 30, mintsKeys: true },
    market: {
      listProducts: venue.listProducts,
      getProduct: venue.getProduct,
      getTicker: venue.getTicker,
      getCandles: venue.getCandles,
      subscribeTicks: venue.subscribeTicks,
    },
    account,
    close: venue.close,
    venue,
    setPrice: venue.setPrice,
    scriptPath: venue.scriptPath,
    setProductStatus: venue.setProductStatus,
    mintKey: venue.mintKey,
    revokeKey: venue.revokeKey,
    fund: async (who, currency, amount) => venue.fund(await portfolioOf(who), currency, amount),
    advance: venue.advance,
  };
};
