/**
 * The one port the engine and the product trade through. Adapters (paper, Coinbase) translate their venue into
 * these shapes and their failures into ExchangeError kinds. Every amount and price is a decimal string.
 */

export type Side = 'buy' | 'sell';

export type ProductStatus = 'online' | 'offline' | 'delisted';

export type Product = {
  /** 'SOL-USD' */
  id: string;
  baseCurrency: string;
  quoteCurrency: string;
  baseName: string;
  /** Smallest step of an order's base size. */
  baseIncrement: string;
  /** Smallest step of a quote amount (market buys by quote size). */
  quoteIncrement: string;
  /** Smallest step of a limit price. */
  priceIncrement: string;
  baseMinSize: string;
  baseMaxSize: string;
  /** Smallest order value in quote currency. */
  quoteMinSize: string;
  quoteMaxSize: string;
  status: ProductStatus;
  /** No new orders at all (halt, delisting under way). */
  tradingDisabled: boolean;
  /** Only cancels are accepted. */
  cancelOnly: boolean;
  limitOnly: boolean;
  postOnly: boolean;
  /** Last trade price. */
  price: string;
  /** Percent change over 24 h, e.g. '-3.25'. */
  priceChange24h: string;
  /** Base volume over 24 h. */
  volume24h: string;
};

export type Ticker = { productId: string; price: string; bid: string; ask: string; time: Date };

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

export type LimitOrderRequest = {
  type: 'limit';
  clientOrderId: string;
  productId: string;
  side: Side;
  baseSize: string;
  limitPrice: string;
  /** Rest on the book as maker or fail; never take liquidity. */
  postOnly: boolean;
};

export type MarketOrderRequest = {
  type: 'market';
  clientOrderId: string;
  productId: string;
  side: Side;
} & ({ quoteSize: string; baseSize?: never } | { baseSize: string; quoteSize?: never });

export type OrderRequest = LimitOrderRequest | MarketOrderRequest;

export type OrderStatus = 'open' | 'filled' | 'cancelled' | 'expired' | 'failed';

export type Order = {
  id: string;
  clientOrderId: string;
  productId: string;
  side: Side;
  type: 'limit' | 'market';
  status: OrderStatus;
  baseSize: string | null;
  quoteSize: string | null;
  limitPrice: string | null;
  postOnly: boolean;
  /** Base filled so far (partial fills included). */
  filledSize: string;
  /** Quote value filled so far, before fees. */
  filledValue: string;
  averageFilledPrice: string;
  totalFees: string;
  createdAt: Date;
  /** Set once the order is done (filled, cancelled, expired, failed). */
  doneAt: Date | null;
};

export type Fill = {
  /** Unique per venue: the key a fill is applied once by. */
  tradeId: string;
  orderId: string;
  clientOrderId: string;
  productId: string;
  side: Side;
  price: string;
  size: string;
  /** Fee charged, in the quote currency. */
  fee: string;
  liquidity: 'maker' | 'taker';
  time: Date;
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
  name: 'paper' | 'coinbase';
  capabilities: ExchangeCapabilities;
  market: MarketData;
  account: (credentials: ExchangeCredentials) => ExchangeAccount;
  close: () => Promise<void>;
};
