import type { Product, ProductStatus } from '@cdca/engine';
import type { TWireProduct } from './wire.ts';

/** Coinbase sends '' for numbers it does not know yet (a product with no trades). */
export const orZero = (value: string | undefined | null): string => (value ? value : '0');

const STATUSES: ReadonlySet<string> = new Set(['online', 'offline', 'delisted']);

const toStatus = (status: string | undefined): ProductStatus =>
  status !== undefined && STATUSES.has(status) ? (status as ProductStatus) : 'offline';

export const toProduct = (wire: TWireProduct): Product => ({
  id: wire.product_id,
  baseCurrency: wire.base_currency_id,
  quoteCurrency: wire.quote_currency_id,
  baseName: wire.base_name || wire.base_currency_id,
  baseIncrement: wire.base_increment,
  quoteIncrement: wire.quote_increment,
  // Older products have no price_increment; Coinbase then ticks prices by quote_increment.
  priceIncrement: wire.price_increment || wire.quote_increment,
  baseMinSize: wire.base_min_size,
  baseMaxSize: wire.base_max_size,
  quoteMinSize: wire.quote_min_size,
  quoteMaxSize: wire.quote_max_size,
  status: toStatus(wire.status),
  // is_disabled and view_only also stop new orders even when trading_disabled is false.
  tradingDisabled: Boolean(wire.trading_disabled || wire.is_disabled || wire.view_only),
  cancelOnly: Boolean(wire.cancel_only),
  limitOnly: Boolean(wire.limit_only),
  postOnly: Boolean(wire.post_only),
  price: orZero(wire.price),
  priceChange24h: orZero(wire.price_percentage_change_24h),
  volume24h: orZero(wire.volume_24h),
});
