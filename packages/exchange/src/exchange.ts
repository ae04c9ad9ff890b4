import type { TExchangeName } from '@cdca/contracts';
import type { Fill, Order, OrderRequest, Product, Ticker } from '@cdca/engine';

/**
 * The one port the engine and the product trade through. Adapters (paper, Coinbase) translate their venue into
 * these shapes and their failures into ExchangeError kinds. Every amount and price is a decimal string. The
 * trading vocabulary (Product, Order, Fill, ExchangeError…) is the domain's: adapters depend on the domain, never
 * the reverse (docs/decisions/package-walls.md).
 */

export type Granularity =
  | 'ONE_MINUTE'
  | 'FIVE_MINUTE'
  | 'FIFTEEN_MINUTE'
  | 'THIRTY_MINUTE'
  | 'ONE_HOUR'
  | 'TWO_HOUR'
  | 'SIX_HOUR'
  | 'ONE_DAY';

/** The length of one candle of each granularity. */
export const GRANULARITY_SECONDS: Readonly<Record<Granularity, number>> = {
  ONE_MINUTE: 60,
  FIVE_MINUTE: 300,
  FIFTEEN_MINUTE: 900,
  THIRTY_MINUTE: 1800,
  ONE_HOUR: 3600,
  TWO_HOUR: 7200,
  SIX_HOUR: 21_600,
  ONE_DAY: 86_400,
};

export type Candle = { start: Date; open: string; high: string; low: string; close: string; volume: string };

export type CandleQuery = { start: Date; end: Date; granularity: Granularity };

export type PriceTick = { productId: string; price: string; bid: string; ask: string; time: Date };

export type Balance = { currency: string; available: string; hold: string };

export type KeyPermissions = {
  canView: boolean;
  canTrade: boolean;
  /** A key that can move funds out is never accepted. Unknown counts as true. */
  canTransfer: boolean;
  portfolioId: string;
  portfolioName: string;
};

export type UserEvent = { type: 'order'; order: Order } | { type: 'fill'; fill: Fill };

export type Unsubscribe = () => void;

export type CancelResult = { orderId: string; success: boolean; reason: string | null };

export type ExchangeCredentials = {
  /** Coinbase CDP key name: 'organizations/{org}/apiKeys/{key}'. */
  keyName: string;
  /** PEM: ECDSA (P-256, SEC1 or PKCS#8) or Ed25519. */
  privateKey: string;
};

/** Public market data: no credentials needed. */
export type MarketData = {
  listProducts: () => Promise<Product[]>;
  getProduct: (productId: string) => Promise<Product>;
  getTicker: (productId: string) => Promise<Ticker>;
  getCandles: (productId: string, query: CandleQuery) => Promise<Candle[]>;
  /** Price ticks for these products as they happen. */
  subscribeTicks: (productIds: readonly string[], onTick: (tick: PriceTick) => void) => Unsubscribe;
};

/** One trader's account, reached through their API key. */
export type ExchangeAccount = {
  getKeyPermissions: () => Promise<KeyPermissions>;
  getBalances: () => Promise<Balance[]>;
  /**
   * Places an order. Idempotent on clientOrderId: a repeat returns the order already placed with that id,
   * so an engine that crashed after sending can safely send again.
   */
  placeOrder: (request: OrderRequest) => Promise<Order>;
  cancelOrders: (orderIds: readonly string[]) => Promise<CancelResult[]>;
  getOrder: (orderId: string) => Promise<Order>;
  getOrderByClientOrderId: (clientOrderId: string) => Promise<Order | undefined>;
  /** Every fill at or after `since`, oldest first; callers dedupe by tradeId. */
  listFills: (query: { since: Date; productId?: string }) => Promise<Fill[]>;
  /** Order and fill updates of this account as they happen. */
  subscribeUserEvents: (onEvent: (event: UserEvent) => void) => Unsubscribe;
};

export type ExchangeCapabilities = {
  /** Requests per second the venue allows per key (Coinbase: 30 private). */
  privateRequestsPerSecond: number;
  /** The venue can mint keys itself (paper only). */
  mintsKeys: boolean;
};

export type Exchange = {
  /**
   * The venue's id, from the one list the API and the stored keys share (contracts exchange-keys.ts). A new venue
   * adds its id there and to the keys table's enum: docs/decisions/package-walls.md.
   */
  name: TExchangeName;
  capabilities: ExchangeCapabilities;
  market: MarketData;
  account: (credentials: ExchangeCredentials) => ExchangeAccount;
  close: () => Promise<void>;
};
