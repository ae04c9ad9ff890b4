import { manualClock } from '@cdca/engine/testing';
import { createPaperExchange, type PaperExchange } from '@cdca/exchange/paper';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { createDrizzlePaperStore } from './paper-store.drizzle.ts';

const start = new Date('2025-06-01T12:00:00Z');
const LEASE_MS = 10_000;
const HOUR_MS = 3_600_000;
/** Generous: the first test of a file also builds the migrated template database, slow on a busy machine. */
const TIMEOUT_MS = 180_000;

/**
 * Two venues on one database, as two server processes would have them (each its own store and connection use),
 * with the lease clock in the test's hands and no heartbeat timer: the test beats for them.
 */
const twoProcesses = async (db: Database['db']) => {
  let leaseNow = start.getTime();
  const venue = (holderId: string) =>
    createPaperExchange({
      seed: 3,
      clock: manualClock(start),
      store: createDrizzlePaperStore(db),
      shared: { holderId, leaseMs: LEASE_MS, now: () => leaseNow, schedule: null },
    });
  const first = venue('first');
  await first.venue.ready();
  const second = venue('second');
  await second.venue.ready();
  return {
    first,
    second,
    venue,
    passTime: (ms: number) => {
      leaseNow += ms;
    },
  };
};

const restingBuy = (paper: PaperExchange, key: Parameters<PaperExchange['account']>[0], id: string) =>
  paper.account(key).placeOrder({
    type: 'limit',
    clientOrderId: id,
    productId: 'SOL-USD',
    side: 'buy',
    baseSize: '1',
    limitPrice: '95.00',
    postOnly: true,
  });

describe('one paper market shared by two processes (PGlite and PostgreSQL)', () => {
  let database: Database | undefined;
  const open: PaperExchange[] = [];
  afterEach(async () => {
    for (const paper of open.splice(0)) await paper.close();
    await database?.close();
    database = undefined;
  });

  it(
    'one drives; the other places, prices and reads through the shared state, and the driver matches it',
    async () => {
      database = await createTestDatabase();
      const { first, second } = await twoProcesses(database.db);
      open.push(first, second);
      expect([first.venue.driving(), second.venue.driving()]).toEqual([true, false]);

      // A key minted and an order placed through the follower are the driver's to see and match.
      const key = await second.mintKey({ canView: true, canTrade: true, canTransfer: false });
      await first.scriptPath('SOL-USD', ['100.00', '100.00', '94.00'], 1_000);
      expect((await second.market.getTicker('SOL-USD')).price).toBe('100');
      const order = await restingBuy(second, key, 'rest-1');
      expect((await first.account(key).getOrder(order.id)).status).toBe('open');
      // The driver's own ticks walk the script down through the follower's order.
      await first.advance(3_000);
      expect((await second.account(key).getOrder(order.id)).status).toBe('filled');
      expect(await second.account(key).listFills({ since: start })).toEqual(
        await first.account(key).listFills({ since: start }),
      );

      // A price the follower sets is the one everybody reads, and the driver's ticks do not walk it away.
      await second.scriptPath('SOL-USD', ['101.00', '101.00'], HOUR_MS);
      await first.advance(5_000);
      expect((await first.market.getTicker('SOL-USD')).price).toBe('101');
      expect((await second.market.getTicker('SOL-USD')).price).toBe('101');
      // The follower only moves prices it is told to: its ticks are no-ops while it does not drive.
      await second.advance(5_000);
      expect((await second.market.getTicker('BTC-USD')).price).toBe(
        (await first.market.getTicker('BTC-USD')).price,
      );

      // Money stays one ledger: a balance spent through one process is spent in the other.
      const usdOf = async (paper: PaperExchange) =>
        (await paper.account(key).getBalances()).find((b) => b.currency === 'USD')?.available;
      await first.fund(key.keyName, 'USD', '-100');
      expect(await usdOf(second)).toBe(await usdOf(first));
    },
    TIMEOUT_MS,
  );

  it(
    'hands the market over on a graceful stop, and after expiry when the driver dies',
    async () => {
      database = await createTestDatabase();
      const { first, second, venue, passTime } = await twoProcesses(database.db);
      open.push(second);
      const key = await first.mintKey({ canView: true, canTrade: true, canTransfer: false });
      await first.setPrice('SOL-USD', '100.00');
      const order = await restingBuy(first, key, 'rest-2');

      // Graceful: the driver lets go on close, and the next heartbeat of the other process takes over at once.
      await first.close();
      await second.venue.heartbeat();
      expect(second.venue.driving()).toBe(true);
      await second.scriptPath('SOL-USD', ['100.00', '94.00'], 1_000);
      await second.advance(2_000);
      expect((await second.account(key).getOrder(order.id)).status).toBe('filled');

      // A third process starts while the second still drives: it follows until the lease runs out unrenewed.
      const third = venue('third');
      open.push(third);
      await third.venue.ready();
      expect(third.venue.driving()).toBe(false);
      // The second stops beating (hung or killed): past its lease, the third takes the market.
      passTime(LEASE_MS + 1);
      await third.venue.heartbeat();
      expect(third.venue.driving()).toBe(true);
      // The stale driver finds out inside its next tick and no longer moves the market.
      const before = (await third.market.getTicker('BTC-USD')).price;
      await second.advance(60_000);
      expect((await third.market.getTicker('BTC-USD')).price).toBe(before);
      await second.venue.heartbeat();
      expect(second.venue.driving()).toBe(false);
      await third.setPrice('SOL-USD', '100.00');
      const again = await restingBuy(second, key, 'rest-3');
      await third.scriptPath('SOL-USD', ['94.00', '94.00'], HOUR_MS);
      expect((await second.account(key).getOrder(again.id)).status).toBe('filled');
    },
    TIMEOUT_MS,
  );
});
