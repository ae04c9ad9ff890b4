import { manualClock } from '@cdca/engine/testing';
import { createMemoryPaperStore, createPaperExchange } from '@cdca/exchange/paper';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createJobLease } from '../../jobs/job-lease.ts';
import { createInProcessBus } from '../../realtime/in-process-bus.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { createCoinCatalogue } from './coin-catalogue.ts';
import { type CoinsRepository, createCoinsRepository } from './coins.repository.ts';
import { coins } from './coins.schema.ts';
import { createMarketSync, PRICE_WRITER_LEASE_MS } from './market-sync.ts';

const log = pino({ level: 'silent' });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * Two server processes' market syncs on one database, hearing the same market: the flushes are run by hand (not
 * start()'s timers) and the lease reads a clock the test moves, so nothing here depends on when a timer fires.
 */
const twoProcesses = async () => {
  const database: Database = await createTestDatabase();
  const market = createPaperExchange({ seed: 1, clock: manualClock(), store: createMemoryPaperStore() });
  const bus = createInProcessBus();
  cleanups.push(database.close, market.close, bus.close);
  const clock = manualClock();
  const repository = createCoinsRepository(database.db);
  const writers: string[] = [];
  const process = (name: string) => {
    const counted: CoinsRepository = {
      ...repository,
      updatePrices: async (prices) => {
        writers.push(name);
        return repository.updatePrices(prices);
      },
    };
    const sync = createMarketSync({
      repository: counted,
      catalogue: createCoinCatalogue({ repository, log }),
      bus,
      exchange: market,
      log,
      intervalMs: 3_600_000,
      writer: createJobLease({
        db: database.db,
        name: 'coin-prices',
        holder: name,
        ttlMs: PRICE_WRITER_LEASE_MS,
        clock,
      }),
    });
    cleanups.push(sync.stop);
    return sync;
  };
  const a = process('a');
  const b = process('b');
  await a.syncNow();
  await b.syncNow();
  const priceOf = async (symbol: string) =>
    (await database.db.select({ price: coins.price }).from(coins).where(eq(coins.symbol, symbol)))[0]?.price;
  /** A new price on the market, heard by both processes, then each process's flush in the given order. */
  const tickThenFlush = async (price: string, ...order: ReturnType<typeof process>[]) => {
    await market.setPrice('SOL-USD', price);
    writers.length = 0;
    for (const sync of order) await sync.flushTicks();
    return [...writers];
  };
  return { clock, a, b, priceOf, tickThenFlush };
};

describe('market sync: one price writer', () => {
  it('writes prices from one process only while it keeps its lease', async () => {
    const { clock, a, b, priceOf, tickThenFlush } = await twoProcesses();
    expect(await tickThenFlush('101', a, b)).toEqual(['a']);
    expect(Number(await priceOf('SOL-USD'))).toBe(101);
    for (const price of ['102', '103', '104']) {
      clock.advance(PRICE_WRITER_LEASE_MS / 2);
      expect(await tickThenFlush(price, b, a)).toEqual(['a']);
    }
    expect(Number(await priceOf('SOL-USD'))).toBe(104);
  });

  it('hands the writing to another process once the writer stops flushing (dies) and its lease runs out', async () => {
    const { clock, a, b, priceOf, tickThenFlush } = await twoProcesses();
    await tickThenFlush('101', a, b);
    clock.advance(PRICE_WRITER_LEASE_MS - 1);
    expect(await tickThenFlush('102', b)).toEqual([]);
    clock.advance(1);
    expect(await tickThenFlush('103', b)).toEqual(['b']);
    expect(Number(await priceOf('SOL-USD'))).toBe(103);
    // The old writer comes back (a stalled process): it no longer holds the lease and writes nothing.
    expect(await tickThenFlush('104', a, b)).toEqual(['b']);
  });

  it('hands the writing over at once when the writer stops gracefully', async () => {
    const { a, b, priceOf, tickThenFlush } = await twoProcesses();
    await tickThenFlush('101', a, b);
    await a.stop();
    expect(await tickThenFlush('102', b)).toEqual(['b']);
    expect(Number(await priceOf('SOL-USD'))).toBe(102);
  });
});
