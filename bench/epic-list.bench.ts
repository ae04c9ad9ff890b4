/**
 * `GET /api/v1/epics` for a trader with many epics: the bytes of one list and the server's CPU for it, through the
 * real app (buildEpicsTestApp on PGlite, or PostgreSQL when DATABASE_URL is set) with `inject`, so the figure is
 * the route and the database, not a socket. Every epic is on a ten-level ladder with level 1 bought by the engine,
 * so each carries a position with orders and a fill (docs/decisions/epic-summary.md).
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/epic-list.bench.ts [epics=20] [rounds=2000]
 */
import { loadavg } from 'node:os';
import { ZEpicList } from '@cdca/contracts';
import { inputsFixture } from '@cdca/engine/testing';
import {
  createEpic,
  createTestKeys,
  engineFor,
  keyedTrader,
} from '../apps/server/src/engine/testing/engine-test-kit.ts';
import { buildEpicsTestApp } from '../apps/server/src/modules/epics/testing/epics.fixture.ts';

const epicCount = Number(process.argv[2] ?? 20);
const rounds = Number(process.argv[3] ?? 2000);
const WARM_UP = 300;

const TEN_LEVELS = inputsFixture({ dcaLevels: 10, buySpread: '1', sellSpread: '2', stopSpread: null });

// The per-account limit is raised to its most, so every list is answered (600 a minute would turn most into 429s).
const t = await buildEpicsTestApp({ marketWalks: false, env: { API_REQUESTS_PER_MINUTE: '1000000' } });
try {
  const store = createTestKeys();
  const trader = await keyedTrader(t, store, String(2000 * epicCount));
  await t.paper.setPrice('SOL-USD', '100.00');
  for (let i = 0; i < epicCount; i += 1) await createEpic(t, trader.headers, 'SOL-USD', TEN_LEVELS);
  // One pass buys every epic's level 1 and places its resting levels and take-profit.
  const engine = engineFor(t, store.keys);
  await engine.runOnce();
  await engine.stop();

  const list = () => t.app.inject({ method: 'GET', url: '/api/v1/epics', headers: trader.headers });
  const first = await list();
  const listed = ZEpicList.parse(first.json()).epics;
  const bought = listed.filter((epic) => epic.activeDcaLevel >= 1).length;
  if (listed.length !== epicCount) throw new Error(`listed ${listed.length} of ${epicCount} epics`);

  for (let i = 0; i < WARM_UP; i += 1) await list();
  const codes = new Map<number, number>();
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  for (let i = 0; i < rounds; i += 1) {
    const { statusCode } = await list();
    codes.set(statusCode, (codes.get(statusCode) ?? 0) + 1);
  }
  const wallMs = (performance.now() - startedAt) / rounds;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000 / rounds;

  const whatCpuCounts = process.env.DATABASE_URL
    ? 'the app; PostgreSQL’s own is not counted'
    : 'the app and the embedded database';
  console.log(
    `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${epicCount} ten-level epics (${bought} with level 1 bought), ` +
      `${rounds} lists after ${WARM_UP} to warm up, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.log(`status codes ${JSON.stringify(Object.fromEntries(codes))}`);
  console.log(
    `bytes a list: ${first.body.length.toLocaleString('en')} (${Math.round(first.body.length / epicCount)} an epic)`,
  );
  console.log(
    `a list: ${wallMs.toFixed(3)} ms wall, ${cpuMs.toFixed(3)} ms CPU of this process (${whatCpuCounts}), ` +
      `${((cpuMs * 1000) / epicCount).toFixed(0)} µs an epic`,
  );
} finally {
  await t.close();
}
