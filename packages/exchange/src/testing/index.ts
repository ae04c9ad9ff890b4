/**
 * Test support for venues: the fake Coinbase (its real JWT/REST/WS protocol over a paper or stub venue), the stub
 * venue, and the one contract suite every adapter passes. Production code never imports it (biome.json).
 */
export * from './catalogue-product.ts';
export * from './coinbase-fake/fake-faults.ts';
export type { FakeKey, FakeVenue, FakeVenueAccount } from './coinbase-fake/fake-venue.ts';
export * from './coinbase-fake/paper-fake-venue.ts';
export * from './coinbase-fake/start-fake-coinbase.ts';
export * from './contract/contract-harness.ts';
export * from './contract/exchange-contract.ts';
export * from './stub-venue.ts';
