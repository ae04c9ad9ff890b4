import type { KeyObject } from 'node:crypto';
import type { Order } from '@cdca/engine';
import type { ExchangeAccount, KeyPermissions, MarketData } from '../../exchange.ts';

/** What the fake Coinbase server serves from: a venue speaking our port (the paper engine behind it). */
export type FakeVenue = {
  market: MarketData;
  /** The public half and the rights of a key the venue issued. */
  findKey: (keyName: string) => Promise<FakeKey | undefined>;
  /** The portfolio behind a key. The fake has verified the JWT already, so no private key is involved. */
  accountOf: (keyName: string) => FakeVenueAccount;
};

export type FakeKey = { publicKey: KeyObject; permissions: KeyPermissions };

export type FakeVenueAccount = Omit<ExchangeAccount, 'getKeyPermissions'> & {
  /** Every order of the portfolio, newest first. Without it the fake lists the orders placed through it. */
  listOrders?: () => Promise<Order[]>;
};
