/**
 * Coinbase Advanced Trade v3 adapter: a small direct REST + WebSocket client rather than ccxt.
 * Why: ccxt is ~100 MB, drops camelCase clientOrderId silently, reads balances from legacy v2 unless told
 * otherwise, maps success:false rejections to generic errors, treats 404s as plain ExchangeError, and signs
 * the WebSocket with legacy HMAC for Ed25519 keys. We need a handful of endpoints, exact decimal strings,
 * and our own error kinds — about 600 lines we fully control, tested against a protocol-faithful fake.
 */

import { type Clock, systemClock } from '@cdca/engine';
import type { Exchange, ExchangeAccount, ExchangeCredentials, Unsubscribe } from '../exchange.ts';
import { createCoinbaseAccount } from './account.ts';
import { buildCdpJwt } from './cdp-jwt.ts';
import { type CdpSigningKey, loadCdpKey } from './cdp-key.ts';
import { createCoinbaseMarketData } from './market-data.ts';
import { createReconnectBackoff } from './reconnect-backoff.ts';
import { createRestClient } from './rest-client.ts';
import { createTokenBucket, type TokenBucket } from './token-bucket.ts';

export type CoinbaseExchangeOptions = {
  baseUrl?: string;
  wsUrl?: string;
  wsUserUrl?: string;
  fetch?: typeof globalThis.fetch;
  clock?: Clock;
  /** Per request; a venue that hangs longer is reported as unavailable. */
  timeoutMs?: number;
  /** Private requests per second per key (Coinbase: 30). */
  privateRequestsPerSecond?: number;
  /** Public requests per second per IP (Coinbase: 10). */
  publicRequestsPerSecond?: number;
};

export const createCoinbaseExchange = (options: CoinbaseExchangeOptions = {}): Exchange => {
  const baseUrl = options.baseUrl ?? 'https://api.coinbase.com';
  const wsUrl = options.wsUrl ?? 'wss://advanced-trade-ws.coinbase.com';
  const wsUserUrl = options.wsUserUrl ?? 'wss://advanced-trade-ws-user.coinbase.com';
  const clock = options.clock ?? systemClock;
  const privateRate = options.privateRequestsPerSecond ?? 30;
  const publicRate = options.publicRequestsPerSecond ?? 10;
  const rest = createRestClient({
    baseUrl,
    fetch: options.fetch ?? globalThis.fetch,
    clock,
    timeoutMs: options.timeoutMs ?? 10_000,
    publicBucket: createTokenBucket({
      ratePerSecond: publicRate,
      capacity: Math.max(1, Math.floor(publicRate / 3)),
      clock,
    }),
  });
  // One reconnect schedule for every socket of this exchange: a deploy drops them all at once (reconnect-backoff.ts).
  const reconnects = createReconnectBackoff();
  // Coinbase counts the limit per key, so accounts sharing a key share a bucket.
  const buckets = new Map<string, TokenBucket>();
  const bucketOf = (keyName: string) => {
    let bucket = buckets.get(keyName);
    if (!bucket) {
      // A burst of a third of the rate: the venue measures arrivals, and network jitter can bunch up requests
      // we spaced out; the margin keeps a full-speed client clear of 429s.
      bucket = createTokenBucket({
        ratePerSecond: privateRate,
        capacity: Math.max(1, Math.floor(privateRate / 3)),
        clock,
      });
      buckets.set(keyName, bucket);
    }
    return bucket;
  };

  // Live feeds, so close() leaves no socket or reconnect timer behind.
  const feeds = new Set<Unsubscribe>();
  const tracked = (unsubscribe: Unsubscribe): Unsubscribe => {
    const stop = () => {
      feeds.delete(stop);
      unsubscribe();
    };
    feeds.add(stop);
    return stop;
  };

  const account = (credentials: ExchangeCredentials): ExchangeAccount => {
    // Parsed on first use so a bad key surfaces as an `unauthorized` rejection of the call, not a throw here.
    let signingKey: CdpSigningKey | undefined;
    const key = () => {
      signingKey ??= loadCdpKey(credentials.privateKey);
      return signingKey;
    };
    const coinbaseAccount = createCoinbaseAccount({
      rest,
      auth: { keyName: credentials.keyName, signingKey: key, bucket: bucketOf(credentials.keyName) },
      wsUserUrl,
      signWsJwt: () =>
        buildCdpJwt({ keyName: credentials.keyName, signingKey: key(), nowMs: clock.now().getTime() }),
      now: () => clock.now().getTime(),
      backoff: reconnects,
    });
    return {
      ...coinbaseAccount,
      subscribeUserEvents: (onEvent) => tracked(coinbaseAccount.subscribeUserEvents(onEvent)),
    };
  };
  const market = createCoinbaseMarketData(rest, wsUrl, reconnects);

  return {
    name: 'coinbase',
    capabilities: { privateRequestsPerSecond: privateRate, mintsKeys: false },
    market: { ...market, subscribeTicks: (ids, onTick) => tracked(market.subscribeTicks(ids, onTick)) },
    account,
    close: async () => {
      for (const stop of [...feeds]) stop();
    },
  };
};
