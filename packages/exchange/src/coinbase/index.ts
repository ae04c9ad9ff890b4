/** The Coinbase Advanced Trade adapter (docs/providers.md), its key loader and its client-side throttle. */

export * from './cdp-key.ts';
export * from './coinbase-exchange.ts';
export * from './token-bucket.ts';
