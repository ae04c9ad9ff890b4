import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZCoinList } from '@cdca/contracts';
import { PGlite } from '@electric-sql/pglite';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../db/client.ts';
import { epicFills, epicOrders, epics } from '../modules/epics/epics.schema.ts';
import { paperFills, paperOrders } from '../modules/paper/paper.schema.ts';
import { waitForEpic } from '../testing/shared-market-scenario.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { newTrader } from '../testing/traders.ts';
import { threeLevelsBelow } from './testing/engine-assertions.ts';
import { type EngineProcess, forkEngineProcess } from './testing/engine-process-harness.ts';

/**
 * A trader with a connected paper key and one pending epic (level 1 at 100 fills at once, levels 2 and 3 rest, the
 * take-profit sits ~3 % above), written through the real API into a database the engine process can open: a
 * PGlite data directory, or the test's own PostgreSQL database. The paper venue's state is in the same database.
 */
const seed = async () => {
  const masterKey = randomBytes(32).toString('base64');
  const t = await buildTestApp({ venue: 'persistent', env: { MASTER_KEY: masterKey } });
  const trader = await newTrader(t, `hard-kill-${randomBytes(4).toString('hex')}@example.test`, 'active');
  const key = await t.paper.mintKey({ canView: true, canTrade: true, canTransfer: false });
  const connected = await t.app.inject({
    method: 'POST',
    url: '/api/v1/exchange-keys',
    headers: trader.headers,
    payload: { keyName: key.keyName, privateKey: key.privateKey },
  });
  expect(connected.statusCode, connected.body).toBe(200);
  const coins = await t.app.inject({
    method: 'GET',
    url: '/api/v1/coins?limit=200',
    headers: trader.headers,
  });
  const coinId = ZCoinList.parse(coins.json()).coins.find((c) => c.symbol === 'SOL-USD')?.id;
  await t.paper.setPrice('SOL-USD', '100.00');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/epics',
    headers: trader.headers,
    payload: { coinId, inputs: threeLevelsBelow() },
  });
  expect(created.statusCode, created.body).toBe(201);
  const epicId = (created.json() as { id: string }).id;
  // This process lets go of everything but the data: the engine process is the only one trading from here.
  await t.app.close();
  await t.paper.close();
  await t.bus.close();

  const env = { MASTER_KEY: masterKey, ENGINE_LEASE_SECONDS: '1' };
  const { pglite } = t.database;
  if (!pglite) {
    return {
      epicId,
      portfolioId: key.portfolioId,
      env: { ...env, DATABASE_URL: t.database.url ?? '' },
      inspect: async <T>(read: (db: Database['db']) => Promise<T>) => read(t.database.db),
      cleanup: () => t.database.close(),
    };
  }
  // The embedded database is one process's: copy it to a data directory the engine process opens itself.
  const dataDir = mkdtempSync(join(tmpdir(), 'cdca-hard-kill-'));
  const onDisk = await PGlite.create(join(dataDir, 'pg'), { loadDataDir: await pglite.dumpDataDir('none') });
  await onDisk.close();
  await t.database.close();
  return {
    epicId,
    portfolioId: key.portfolioId,
    env: { ...env, DATA_DIR: dataDir, DATABASE_URL: '' },
    inspect: async <T>(read: (db: Database['db']) => Promise<T>) => {
      const database = await openPglite(join(dataDir, 'pg'));
      try {
        return await read(database.db);
      } finally {
        await database.close();
      }
    },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
};

/** Bounded by the shared patience (a minute), never a timing assertion: three processes share two cores here. */
const waitForStatus = (engine: EngineProcess, epicId: string, status: string) =>
  waitForEpic(engine, epicId, (epic) => epic?.status === status);

describe('engine process killed with SIGKILL (no shutdown hook) and started again', () => {
  it('after the intent is written, then after the order is sent: one order per client order id, the epic closes', async () => {
    const forked: EngineProcess[] = [];
    const fork = () => {
      const child = forkEngineProcess();
      forked.push(child);
      return child;
    };
    // Each process loads its code while the one before it (or the seeding) still runs: a restart then costs what
    // a restart costs, opening the database and the app.
    let next = fork();
    const scenario = await seed();
    const placements = join(tmpdir(), `cdca-hard-kill-${randomBytes(4).toString('hex')}.log`);
    const env = { ...scenario.env, ENGINE_TEST_LOG: placements };
    /** Boots the next process with the crash switch at `point`; the client order id it was handling when it died. */
    const killedAt = async (point: 'after-intent' | 'after-send') => {
      const doomed = next;
      next = fork();
      doomed.boot({ ...env, ENGINE_CRASH_AT: point }).catch(() => undefined);
      const death = await doomed.exited;
      expect(death.signal, doomed.stderr()).toBe('SIGKILL');
      const caught = new RegExp(`engine-crash ${point} (\\S+)`).exec(doomed.stderr())?.[1] ?? '';
      expect(caught).toMatch(/^cdca-/);
      return caught;
    };
    try {
      // The first process dies with the opening intents written and nothing sent; the next one (once the dead
      // one's 1 s lease has run out) looks the intent up, finds nothing, sends it, and dies before recording the
      // answer; the third looks it up again and adopts the order the venue holds.
      const intentOnly = await killedAt('after-intent');
      const sentUnrecorded = await killedAt('after-send');

      const engine = next;
      await engine.boot(env);
      await waitForStatus(engine, scenario.epicId, 'active');
      await engine.ask({ type: 'set-price', productId: 'SOL-USD', price: '110.00' });
      await waitForStatus(engine, scenario.epicId, 'closed');
      await engine.ask({ type: 'stop' });
      expect((await engine.exited).code).toBe(0);

      // Every placement that reached the venue, across all three processes: each client order id exactly once.
      const placed = readFileSync(placements, 'utf8').split('\n').filter(Boolean);
      expect(new Set(placed).size).toBe(placed.length);
      for (const caught of [intentOnly, sentUnrecorded])
        expect(placed.filter((line) => line === `place ${caught}`)).toHaveLength(1);

      await scenario.inspect(async (db) => {
        for (const caught of [intentOnly, sentUnrecorded]) {
          const onVenue = await db
            .select({ id: paperOrders.id })
            .from(paperOrders)
            .where(eq(paperOrders.clientOrderId, caught));
          expect(onVenue).toHaveLength(1);
          const [row] = await db.select().from(epicOrders).where(eq(epicOrders.clientOrderId, caught));
          expect(row?.exchangeOrderId).toBe(onVenue[0]?.id);
        }
        const [epic] = await db.select().from(epics).where(eq(epics.id, scenario.epicId));
        expect(epic?.status).toBe('closed');
        // Every fill the venue made for the epic's orders is booked once, none more.
        const ours = (await db.select().from(epicOrders).where(eq(epicOrders.epicId, scenario.epicId))).map(
          (o) => o.clientOrderId,
        );
        const venueFills = await db
          .select({ tradeId: paperFills.tradeId })
          .from(paperFills)
          .where(inArray(paperFills.clientOrderId, ours));
        const booked = await db
          .select({ tradeId: epicFills.tradeId })
          .from(epicFills)
          .where(eq(epicFills.epicId, scenario.epicId));
        expect(booked.map((f) => f.tradeId).sort()).toEqual(venueFills.map((f) => f.tradeId).sort());
      });
    } finally {
      for (const child of forked) child.kill();
      rmSync(placements, { force: true });
      await scenario.cleanup();
    }
  }, 300_000);
});
