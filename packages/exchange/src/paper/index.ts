/**
 * The paper venue: a simulated market behind the same port as Coinbase, and the store port a persistent market
 * implements (the server's Drizzle store). See docs/decisions/one-paper-market.md and package-walls.md.
 */

// The persistent store writes the venue's decimals back exactly as the venue reads them.
export { dec, str } from './paper-decimal.ts';
export * from './paper-exchange.ts';
export type { MarketSnapshot } from './paper-market.ts';
export type { BalanceRecord, FillRecord, KeyRecord, OrderRecord, PortfolioRecord } from './paper-records.ts';
export * from './paper-store.ts';
export {
  createPaperVenue,
  type MintedKey,
  type MintKeyRequest,
  type PaperVenue,
  type PaperVenueOptions,
  type SharedMarketOptions,
} from './paper-venue.ts';
export * from './past-candles.ts';
export type { PriceScript, ProductState } from './product-state.ts';
