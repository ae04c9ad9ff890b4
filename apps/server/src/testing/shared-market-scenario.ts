import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ZCoinList } from '@cdca/contracts';
import { threeLevelsBelow } from '../engine/testing/engine-assertions.ts';
import type { EngineProcess } from '../engine/testing/engine-process-harness.ts';
import { buildTestApp } from './test-app.ts';
import { newTrader } from './traders.ts';

/**
 * A trader with a connected paper key and one pending epic on SOL-USD created at 100.00 (level 1 bought at once,
 * levels 2 and 3 rest below, the take-profit ~3 % above the average), written through the real API into the test's
 * own PostgreSQL database, which the server processes the test forks then share. `env` is what they boot with:
 * the paper market ticks in real time in whichever process drives it, and a driver lease short enough that a
 * killed driver is replaced within seconds.
 */
export const seedSharedMarket = async () => {
  const masterKey = randomBytes(32).toString('base64');
  const t = await buildTestApp({ venue: 'persistent', env: { MASTER_KEY: masterKey } });
  const url = t.database.url;
  if (!url) throw new Error('the shared-market scenario needs PostgreSQL (DATABASE_URL)');
  const trader = await newTrader(t, `one-market-${randomBytes(4).toString('hex')}@example.test`, 'active');
  const key = await t.paper.mintKey({ canView: true, canTrade: true, canTransfer: false });
  const connected = await t.app.inject({
    method: 'POST',
    url: '/api/v1/exchange-keys',
    headers: trader.headers,
    payload: { keyName: key.keyName, privateKey: key.privateKey },
  });
  if (connected.statusCode !== 200) throw new Error(`key not connected: ${connected.body}`);
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
  if (created.statusCode !== 201) throw new Error(`epic not created: ${created.body}`);
  const epicId = (created.json() as { id: string }).id;
  // This process lets go of everything but the database: the forked processes trade from here.
  await t.app.close();
  await t.paper.close();
  await t.bus.close();
  return {
    epicId,
    database: t.database,
    env: {
      MASTER_KEY: masterKey,
      DATABASE_URL: url,
      ENGINE_LEASE_SECONDS: '1',
      // Short, so a killed driver is replaced soon; not so short that a starved (busy machine) one loses it often.
      PAPER_LEASE_SECONDS: '5',
      PAPER_TEST_CLOCK: 'system',
    },
    cleanup: () => t.database.close(),
  };
};

type EpicState = { status: string; activeDcaLevel: number } | null;

/** Generous on purpose: these processes share two cores with every other test running beside them. */
const PATIENCE_MS = 60_000;

/** Polls until `ready` holds; fails with what it last saw. Bounded, never a timing assertion. */
export const waitFor = async <T>(read: () => Promise<T>, ready: (value: T) => boolean, what: string) => {
  const deadline = Date.now() + PATIENCE_MS;
  let seen: T | undefined;
  while (Date.now() < deadline) {
    seen = await read();
    if (ready(seen)) return seen;
    await sleep(100);
  }
  throw new Error(`${what} not reached in time; last seen ${JSON.stringify(seen)}`);
};

export const waitForEpic = (process: EngineProcess, epicId: string, ready: (epic: EpicState) => boolean) =>
  waitFor(() => process.ask<EpicState>({ type: 'epic', epicId }), ready, `epic ${epicId}`);

/** Sets SOL-USD through `process` and keeps it there while the driver ticks; the price it then reads back. */
export const holdSol = async (process: EngineProcess, price: string) => {
  await process.ask({ type: 'hold-price', productId: 'SOL-USD', price });
  return Number(await process.ask<string>({ type: 'ticker', productId: 'SOL-USD' }));
};

export const solPrice = async (process: EngineProcess) =>
  Number(await process.ask<string>({ type: 'ticker', productId: 'SOL-USD' }));

export const drives = (process: EngineProcess) => process.ask<boolean>({ type: 'driving' });
