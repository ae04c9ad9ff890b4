import type { TPaperProductAvailability } from '@cdca/contracts';

/**
 * What a venue lists, in the domain's words: every venue adapter translates its listing into this shape, and the
 * plan and position code read only this. Every amount and price is a decimal string (docs/decisions/package-walls.md).
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

/**
 * How a product is made (un)available: 'trading-disabled' and 'cancel-only' keep it online but refuse new orders;
 * 'delisted' and 'offline' set Product.status. The same set the paper controls accept.
 */
export type ProductAvailability = TPaperProductAvailability;
