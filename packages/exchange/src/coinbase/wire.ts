import { z } from 'zod';

/**
 * Coinbase Advanced Trade v3 wire shapes (snake_case, decimal strings), per the official SDK types and real
 * captures. Parsed loosely: only the fields we use are required, so new venue fields never break us.
 */

// Coinbase sends '' for an unknown number (e.g. price of a product without trades).
const decimal = z.string();

export const ZKeyPermissions = z.object({
  can_view: z.boolean().optional(),
  can_trade: z.boolean().optional(),
  can_transfer: z.boolean().optional(),
  portfolio_uuid: z.string().optional(),
  portfolio_type: z.string().optional(),
});

const ZMoney = z.object({ value: decimal, currency: z.string() });

export const ZAccount = z.object({
  uuid: z.string(),
  name: z.string().optional(),
  currency: z.string(),
  available_balance: ZMoney,
  hold: ZMoney.optional(),
  retail_portfolio_id: z.string().optional(),
});

export const ZAccountsPage = z.object({
  accounts: z.array(ZAccount),
  has_next: z.boolean().optional(),
  cursor: z.string().optional(),
});

export const ZWireProduct = z.object({
  product_id: z.string(),
  price: decimal.optional(),
  price_percentage_change_24h: decimal.optional(),
  volume_24h: decimal.optional(),
  base_increment: decimal,
  quote_increment: decimal,
  price_increment: decimal.optional(),
  base_min_size: decimal,
  base_max_size: decimal,
  quote_min_size: decimal,
  quote_max_size: decimal,
  base_name: z.string().optional(),
  base_currency_id: z.string(),
  quote_currency_id: z.string(),
  status: z.string().optional(),
  is_disabled: z.boolean().optional(),
  view_only: z.boolean().optional(),
  cancel_only: z.boolean().optional(),
  limit_only: z.boolean().optional(),
  post_only: z.boolean().optional(),
  trading_disabled: z.boolean().optional(),
  product_type: z.string().optional(),
});
export type TWireProduct = z.infer<typeof ZWireProduct>;

export const ZProductsPage = z.object({
  products: z.array(ZWireProduct),
  // A string in some captures, a number in others.
  num_products: z.union([z.string(), z.number()]).optional(),
});

export const ZMarketTicker = z.object({
  trades: z.array(z.object({ price: decimal, time: z.string().optional() })),
  best_bid: decimal.optional(),
  best_ask: decimal.optional(),
});

export const ZCandles = z.object({
  candles: z.array(
    z.object({
      start: z.string(),
      low: decimal,
      high: decimal,
      open: decimal,
      close: decimal,
      volume: decimal,
    }),
  ),
});

const ZSize = z.object({ base_size: decimal.optional(), quote_size: decimal.optional() });
const ZLimit = z.object({ base_size: decimal, limit_price: decimal, post_only: z.boolean().optional() });

export const ZOrderConfiguration = z.object({
  market_market_ioc: ZSize.optional(),
  limit_limit_gtc: ZLimit.optional(),
  limit_limit_gtd: ZLimit.optional(),
  limit_limit_fok: ZLimit.optional(),
  sor_limit_ioc: ZLimit.optional(),
});
export type TOrderConfiguration = z.infer<typeof ZOrderConfiguration>;

export const ZWireOrder = z.object({
  order_id: z.string(),
  product_id: z.string(),
  client_order_id: z.string(),
  side: z.enum(['BUY', 'SELL']),
  order_configuration: ZOrderConfiguration,
  status: z.string(),
  created_time: z.string(),
  filled_size: decimal.optional(),
  filled_value: decimal.optional(),
  average_filled_price: decimal.optional(),
  total_fees: decimal.optional(),
  order_type: z.string().optional(),
  last_fill_time: z.string().nullable().optional(),
});
export type TWireOrder = z.infer<typeof ZWireOrder>;

export const ZOrderEnvelope = z.object({ order: ZWireOrder });

export const ZOrdersPage = z.object({
  orders: z.array(ZWireOrder),
  has_next: z.boolean().optional(),
  cursor: z.string().optional(),
});

export const ZErrorResponse = z.object({
  error: z.string().optional(),
  message: z.string().optional(),
  error_details: z.string().optional(),
  new_order_failure_reason: z.string().optional(),
  preview_failure_reason: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZCreateOrderResponse = z.object({
  success: z.boolean(),
  failure_reason: z.string().optional(),
  order_id: z.string().optional(),
  success_response: z.object({ order_id: z.string(), client_order_id: z.string().optional() }).optional(),
  error_response: ZErrorResponse.optional(),
});

export const ZBatchCancelResponse = z.object({
  results: z.array(
    z.object({ success: z.boolean(), failure_reason: z.string().optional(), order_id: z.string() }),
  ),
});

export const ZWireFill = z.object({
  trade_id: z.string(),
  order_id: z.string(),
  trade_time: z.string(),
  price: decimal,
  size: decimal,
  commission: decimal,
  product_id: z.string(),
  side: z.enum(['BUY', 'SELL']),
  liquidity_indicator: z.string().optional(),
  size_in_quote: z.boolean().optional(),
});
export type TWireFill = z.infer<typeof ZWireFill>;

export const ZFillsPage = z.object({ fills: z.array(ZWireFill), cursor: z.string().optional() });
