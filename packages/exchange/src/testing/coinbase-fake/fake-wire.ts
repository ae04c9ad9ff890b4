import { createHash } from 'node:crypto';
import type { Fill, Order, Product } from '@cdca/engine';
import { Decimal } from 'decimal.js';
import type { Balance, PriceTick } from '../../exchange.ts';

/** Our port's shapes written the way Coinbase Advanced Trade v3 sends them (snake_case, decimal strings). */

/** Stable uuid-looking ids derived from a seed, so the same wallet keeps its uuid across requests. */
export const stableUuid = (seed: string): string => {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

export const toWireProduct = (p: Product) => ({
  product_id: p.id,
  price: p.price,
  price_percentage_change_24h: p.priceChange24h,
  volume_24h: p.volume24h,
  volume_percentage_change_24h: '0',
  base_increment: p.baseIncrement,
  quote_increment: p.quoteIncrement,
  quote_min_size: p.quoteMinSize,
  quote_max_size: p.quoteMaxSize,
  base_min_size: p.baseMinSize,
  base_max_size: p.baseMaxSize,
  base_name: p.baseName,
  quote_name: p.quoteCurrency === 'USD' ? 'US Dollar' : p.quoteCurrency,
  watched: false,
  is_disabled: false,
  new: false,
  status: p.status,
  cancel_only: p.cancelOnly,
  limit_only: p.limitOnly,
  post_only: p.postOnly,
  trading_disabled: p.tradingDisabled,
  auction_mode: false,
  product_type: 'SPOT',
  quote_currency_id: p.quoteCurrency,
  base_currency_id: p.baseCurrency,
  fcm_trading_session_details: null,
  mid_market_price: '',
  alias: '',
  alias_to: [],
  base_display_symbol: p.baseCurrency,
  quote_display_symbol: p.quoteCurrency,
  view_only: false,
  price_increment: p.priceIncrement,
  display_name: p.id,
  product_venue: 'CBE',
});

const orderConfiguration = (o: Order) =>
  o.type === 'limit'
    ? {
        limit_limit_gtc: {
          base_size: o.baseSize ?? '0',
          limit_price: o.limitPrice ?? '0',
          post_only: o.postOnly,
        },
      }
    : {
        market_market_ioc:
          o.quoteSize !== null ? { quote_size: o.quoteSize } : { base_size: o.baseSize ?? '0' },
      };

const completion = (o: Order): string => {
  const target = o.baseSize ?? o.quoteSize;
  const done = o.baseSize !== null ? o.filledSize : o.filledValue;
  if (target === null || new Decimal(target).isZero()) return '0';
  return new Decimal(done).div(target).mul(100).toDecimalPlaces(2).toFixed();
};

export const toWireOrder = (o: Order, portfolioId: string, fillCount: number) => ({
  order_id: o.id,
  product_id: o.productId,
  user_id: stableUuid(`user:${portfolioId}`),
  order_configuration: orderConfiguration(o),
  side: o.side === 'buy' ? 'BUY' : 'SELL',
  client_order_id: o.clientOrderId,
  status: o.status.toUpperCase(),
  time_in_force: o.type === 'limit' ? 'GOOD_UNTIL_CANCELLED' : 'IMMEDIATE_OR_CANCEL',
  created_time: o.createdAt.toISOString(),
  completion_percentage: completion(o),
  filled_size: o.filledSize,
  average_filled_price: o.averageFilledPrice,
  fee: '',
  number_of_fills: String(fillCount),
  filled_value: o.filledValue,
  pending_cancel: false,
  size_in_quote: o.quoteSize !== null,
  total_fees: o.totalFees,
  size_inclusive_of_fees: o.quoteSize !== null,
  total_value_after_fees: (o.side === 'buy'
    ? new Decimal(o.filledValue).add(o.totalFees)
    : new Decimal(o.filledValue).sub(o.totalFees)
  ).toFixed(),
  trigger_status: 'INVALID_ORDER_TYPE',
  order_type: o.type === 'limit' ? 'LIMIT' : 'MARKET',
  reject_reason: 'REJECT_REASON_UNSPECIFIED',
  settled: o.status !== 'open',
  product_type: 'SPOT',
  reject_message: '',
  cancel_message: o.status === 'cancelled' ? 'User requested cancel' : '',
  order_placement_source: 'RETAIL_ADVANCED',
  outstanding_hold_amount: '0',
  is_liquidation: false,
  // Coinbase has no completion time on REST orders; the paper doneAt is the closest thing to a last fill.
  last_fill_time: o.doneAt && !new Decimal(o.filledSize).isZero() ? o.doneAt.toISOString() : null,
  edit_history: [],
  leverage: '',
  margin_type: 'UNKNOWN_MARGIN_TYPE',
  retail_portfolio_id: portfolioId,
  originating_order_id: '',
  attached_order_id: '',
});

/** The user channel's order shape: title-case order_type, cumulative quantities. */
export const toWireUserOrder = (o: Order, portfolioId: string, fillCount: number) => {
  const leaves =
    o.status === 'open' && o.baseSize !== null ? new Decimal(o.baseSize).sub(o.filledSize).toFixed() : '0';
  return {
    avg_price: o.averageFilledPrice,
    cancel_reason: o.status === 'cancelled' ? 'User requested cancel' : '',
    client_order_id: o.clientOrderId,
    completion_percentage: completion(o),
    contract_expiry_type: 'UNKNOWN_CONTRACT_EXPIRY_TYPE',
    cumulative_quantity: o.filledSize,
    filled_value: o.filledValue,
    leaves_quantity: leaves,
    limit_price: o.limitPrice ?? '0',
    number_of_fills: String(fillCount),
    order_id: o.id,
    order_side: o.side === 'buy' ? 'BUY' : 'SELL',
    order_type: o.type === 'limit' ? 'Limit' : 'Market',
    outstanding_hold_amount: '0',
    post_only: String(o.postOnly),
    product_id: o.productId,
    product_type: 'SPOT',
    reject_reason: '',
    retail_portfolio_id: portfolioId,
    risk_managed_by: 'UNKNOWN_RISK_MANAGEMENT_TYPE',
    status: o.status.toUpperCase(),
    stop_price: '',
    time_in_force: o.type === 'limit' ? 'GOOD_UNTIL_CANCELLED' : 'IMMEDIATE_OR_CANCEL',
    total_fees: o.totalFees,
    total_value_after_fees: '0',
    trigger_status: 'INVALID_ORDER_TYPE',
    creation_time: o.createdAt.toISOString(),
    end_time: o.doneAt ? o.doneAt.toISOString() : '0001-01-01T00:00:00Z',
    start_time: '0001-01-01T00:00:00Z',
  };
};

export const toWireFill = (f: Fill, portfolioId: string, sizeInQuote = false) => ({
  entry_id: createHash('sha256').update(f.tradeId).digest('hex'),
  trade_id: f.tradeId,
  order_id: f.orderId,
  trade_time: f.time.toISOString(),
  trade_type: 'FILL',
  price: f.price,
  size: sizeInQuote ? new Decimal(f.size).mul(f.price).toFixed() : f.size,
  commission: f.fee,
  product_id: f.productId,
  sequence_timestamp: f.time.toISOString(),
  liquidity_indicator: f.liquidity === 'maker' ? 'MAKER' : 'TAKER',
  size_in_quote: sizeInQuote,
  user_id: stableUuid(`user:${portfolioId}`),
  side: f.side === 'buy' ? 'BUY' : 'SELL',
  retail_portfolio_id: portfolioId,
});

export const toWireAccount = (b: Balance, portfolioId: string, fiat: boolean) => ({
  uuid: stableUuid(`account:${portfolioId}:${b.currency}`),
  name: `${b.currency} Wallet`,
  currency: b.currency,
  available_balance: { value: b.available, currency: b.currency },
  default: true,
  active: true,
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: new Date().toISOString(),
  deleted_at: null,
  type: fiat ? 'ACCOUNT_TYPE_FIAT' : 'ACCOUNT_TYPE_CRYPTO',
  ready: true,
  hold: { value: b.hold, currency: b.currency },
  retail_portfolio_id: portfolioId,
});

/**
 * Coinbase merged its USDC books into USD: a ticker subscribed as X-USDC arrives as X-USD data (research
 * "Corrections"), so the fake names it that way too.
 */
export const wireTickerProductId = (productId: string) =>
  productId.endsWith('-USDC') ? productId.slice(0, -1) : productId;

export const toWireTicker = (tick: PriceTick, product: Product | undefined) => ({
  type: 'ticker',
  product_id: wireTickerProductId(tick.productId),
  price: tick.price,
  volume_24_h: product?.volume24h ?? '0',
  low_24_h: tick.price,
  high_24_h: tick.price,
  low_52_w: tick.price,
  high_52_w: tick.price,
  price_percent_chg_24_h: product?.priceChange24h ?? '0',
  best_bid: tick.bid,
  best_bid_quantity: '0',
  best_ask: tick.ask,
  best_ask_quantity: '0',
});

/** Coinbase's own clock format for envelopes: RFC 3339 with nanoseconds. */
export const wireTimestamp = (date: Date): string => date.toISOString().replace('Z', '000000Z');
