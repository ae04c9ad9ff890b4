import type { Side } from './product.ts';

/** What the engine asks a venue to do and what the venue reports back; adapters translate their wire to these. */
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
