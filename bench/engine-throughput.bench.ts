/**
 * Engine throughput on the paper exchange (issue #4): epics advanced per second with N active epics, and memory.
 * Run: npx node bench/engine-throughput.bench.ts [epics=10000] [epicsPerAccount=100] [limitSeconds=600]
 * PGlite in memory by default; PostgreSQL when DATABASE_URL is set (figures in bench/README.md).
 *
 * Epics are inserted in bulk as POST /epics saves them (pending, inputs, the plan from planEpic, the position from
 * createPosition); a real createEngine then drives them on the paper exchange (in-memory store, manual clock so
 * prices move only when set, unlimited per-tick liquidity). Phases, each timed until the database says it is done:
 *   open   — pending → active: every epic's levels written as intents and placed (level 1 buys at once at the ask);
 *   settle — the level-1 fills booked and a take-profit placed for every epic;
 *   step   — the price drops through level 2 of every epic: the fill booked, the take-profit cancelled and re-placed.
 */
import { randomUUID } from 'node:crypto';
import type { TEpicInputs, TEpicPlan } from '@cdca/contracts/epic-plan.ts';
import { planEpic } from '@cdca/engine/plan/plan-epic.ts';
import { createPosition } from '@cdca/engine/position/position.ts';
import type { ExchangeCredentials } from '@cdca/exchange/exchange.ts';
import { manualClock } from '@cdca/exchange/paper/paper-clock.ts';
import { createPaperExchange } from '@cdca/exchange/paper/paper-exchange.ts';
import { createMemoryPaperStore } from '@cdca/exchange/paper/paper-store.ts';
import { sql } from 'drizzle-orm';
import { accounts } from '../apps/server/src/db/schema.ts';
import { createEngine } from '../apps/server/src/engine/create-engine.ts';
import type { EngineLog } from '../apps/server/src/engine/engine-deps.ts';
import { coins } from '../apps/server/src/modules/coins/coins.schema.ts';
import { epics } from '../apps/server/src/modules/epics/epics.schema.ts';
import { createInProcessBus } from '../apps/server/src/realtime/in-process-bus.ts';
import { createTestDatabase } from '../apps/server/src/testing/test-database.ts';

const N = Number(process.argv[2] ?? 10_000);
const PER_ACCOUNT = Number(process.argv[3] ?? 100);
const LIMIT_S = Number(process.argv[4] ?? 600);
const REQUESTS_PER_SECOND = 100_000;
const PRODUCT = 'SOL-USD';
const POLL_CHECK_MS = N >= 5_000 ? 1_000 : 250;
const deadline = Date.now() + LIMIT_S * 1000;

// The engine tests' scripted epic: three levels 5 % apart below the ask, take-profit 3 % over the average.
const INPUTS: TEpicInputs = {
  budget: '600.00',
  dcaLevels: 3,
  scaling: 'quadratic',
  load: 'back',
  direction: 'below',
  buySpread: '5',
  sellSpread: '3',
  stopSpread: null,
};

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
let peakRss = 0;
let peakHeap = 0;
const sampleMemory = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
  return m;
};
const sampler = setInterval(sampleMemory, 100);

/** Counts the engine's warnings and errors by message, so a run that "finished" by failing is visible. */
const logged = new Map<string, number>();
const count =
  (level: string) =>
  (...args: unknown[]) => {
    const msg = args.find((a) => typeof a === 'string') ?? '?';
    const key = `${level}: ${msg}`;
    logged.set(key, (logged.get(key) ?? 0) + 1);
  };
const log = {
  info: () => {},
  debug: () => {},
  warn: count('warn'),
  error: count('error'),
} as unknown as EngineLog;

const database = await createTestDatabase();
const { db } = database;
const bus = createInProcessBus();
const clock = manualClock(new Date());
const paper = createPaperExchange({
  seed: 1,
  clock,
  store: createMemoryPaperStore(),
  liquidityPerTickUsd: '1000000000000',
  startingBalanceUsd: '1000000',
});
await paper.venue.ready();
await paper.setPrice(PRODUCT, '100.00');
const product = await paper.market.getProduct(PRODUCT);
const ask = (await paper.market.getTicker(PRODUCT)).ask;

// --- set-up: accounts with a paper key each, the coin, N pending epics -----------------------------------------
const setupStart = performance.now();
const accountCount = Math.ceil(N / PER_ACCOUNT);
const accountRows = await db
  .insert(accounts)
  .values(
    Array.from({ length: accountCount }, (_, i) => ({
      userId: `bench|${i}`,
      email: `bench-${i}@example.test`,
      status: 'active' as const,
    })),
  )
  .returning({ id: accounts.id });
const byAccount = new Map<string, ExchangeCredentials>();
for (const { id } of accountRows) {
  // As the engine test kit connects a key: a minted paper trade key the engine reads back through KeysAccess.
  byAccount.set(id, await paper.mintKey({ canView: true, canTrade: true, canTransfer: false }));
}
const [coin] = await db
  .insert(coins)
  .values({
    symbol: PRODUCT,
    baseSymbol: 'SOL',
    name: 'Solana',
    photo: '',
    price: '100',
    change24h: '0',
    volume24h: '0',
    status: 'online',
  })
  .onConflictDoUpdate({ target: coins.symbol, set: { price: '100' } })
  .returning({ id: coins.id });
if (!coin) throw new Error('no coin');
// Every epic has the same inputs on the same product and ask, so the (pure) plan is computed once, checked
// against the balance as the API does, and shared; each epic gets its own position (client order ids embed its id).
const planned = planEpic(INPUTS, product, ask, { availableBalance: '1000000' });
if (!planned.ok) throw new Error(`plan refused: ${JSON.stringify(planned.problems)}`);
const plan: TEpicPlan = planned.plan;
const CHUNK = 500;
for (let start = 0; start < N; start += CHUNK) {
  const rows = [];
  for (let i = start; i < Math.min(N, start + CHUNK); i++) {
    const id = randomUUID();
    rows.push({
      id,
      accountId: accountRows[Math.floor(i / PER_ACCOUNT)]?.id ?? '',
      coinId: coin.id,
      productId: plan.productId,
      status: 'pending' as const,
      inputs: INPUTS,
      plan,
      position: createPosition(id, plan, product),
      budget: INPUTS.budget,
      dcaLevels: INPUTS.dcaLevels,
    });
  }
  await db.insert(epics).values(rows);
}
const setupMs = performance.now() - setupStart;
const level2 = plan.levels[1]?.price ?? '';
const level3 = plan.levels[2]?.price ?? '';

// --- the engine ------------------------------------------------------------------------------------------------
/**
 * Counts passes: every runOnce starts with one claim (UPDATE epics SET lease_owner = worker). Only the engine's
 * handle is wrapped; the bench's own queries go to `db` directly.
 */
let claims = 0;
const countedDb = new Proxy(db, {
  get(target, property, receiver) {
    const value = Reflect.get(target, property, receiver);
    if (property !== 'update' || typeof value !== 'function') return value;
    return (table: unknown) => {
      const builder = value.call(target, table);
      const set = builder.set.bind(builder);
      builder.set = (values: Record<string, unknown>) => {
        if (table === epics && values.leaseOwner === 'bench') claims++;
        return set(values);
      };
      return builder;
    };
  },
});
const engine = createEngine({
  db: countedDb,
  bus,
  exchange: paper,
  keys: { credentialsFor: async (accountId) => byAccount.get(accountId) },
  workerId: 'bench',
  leaseMs: 30 * 60_000,
  pollMs: 20,
  batchSize: N,
  requestsPerSecond: REQUESTS_PER_SECOND,
  log,
});

/** Drivers answer raw SQL differently (an array, or an object with rows); read the first column of the first row. */
const one = async (query: ReturnType<typeof sql>) => {
  const result: unknown = await db.execute(query);
  const rows: unknown[] = Array.isArray(result)
    ? result
    : typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)
      ? result.rows
      : [];
  const first = rows[0];
  return Number(typeof first === 'object' && first !== null ? (Object.values(first)[0] ?? 0) : 0);
};
/** Epics on their `attempt`-th take-profit with exactly one take-profit open on the venue and nothing unsent. */
const openTakeProfits = (attempt: number) =>
  one(sql`select count(*) from epics e where (e.position->>'takeProfitCount')::int = ${attempt}
          and (select count(*) from epic_orders o where o.epic_id = e.id and o.purpose = 'take-profit' and o.status = 'open') = 1
          and not exists (select 1 from epic_orders o where o.epic_id = e.id and o.status = 'intent')`);

type Phase = {
  name: string;
  done: number;
  ms: number;
  finished: boolean;
  passes: number;
  memAfter: NodeJS.MemoryUsage;
};
const phases: Phase[] = [];
/** Waits until `progress()` reaches N (checked every POLL_CHECK_MS) or the deadline; records how far it got. */
const phase = async (name: string, progress: () => Promise<number>) => {
  const start = performance.now();
  const claimsBefore = claims;
  let done = 0;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_CHECK_MS));
    done = await progress();
    if (done >= N) break;
  }
  const ms = performance.now() - start;
  phases.push({
    name,
    done,
    ms,
    finished: done >= N,
    passes: claims - claimsBefore,
    memAfter: sampleMemory(),
  });
  console.log(`${name}: ${done}/${N} in ${(ms / 1000).toFixed(1)} s`);
  return done >= N;
};

const memBefore = sampleMemory();
await engine.start();
let ok = await phase('open (pending → active, orders placed)', () =>
  one(sql`select count(*) from epics where status = 'active'
          and not exists (select 1 from epic_orders o where o.epic_id = epics.id and o.purpose = 'buy' and o.status = 'intent')`),
);
if (ok)
  ok = await phase('settle (level-1 fill booked, take-profit placed)', async () =>
    (await one(sql`select count(*) from epics where active_dca_level = 1`)) < N ? 0 : openTakeProfits(1),
  );
if (ok) {
  // Between level 2 and level 3: every epic's level-2 buy fills in this one tick.
  const stepPrice = ((Number(level2) + Number(level3)) / 2).toFixed(2);
  await paper.setPrice(PRODUCT, stepPrice);
  ok = await phase(`step to ${stepPrice} (level-2 fill booked, take-profit re-placed)`, async () =>
    (await one(sql`select count(*) from epics where active_dca_level = 2`)) < N ? 0 : openTakeProfits(2),
  );
}
const stopStart = performance.now();
await engine.stop();
const stopMs = performance.now() - stopStart;
clearInterval(sampler);
const memAfter = sampleMemory();

const fills = await one(sql`select count(*) from epic_fills`);
const orders = await one(sql`select count(*) from epic_orders`);
console.log();
console.log(
  `${N.toLocaleString('en-US')} epics, ${accountCount} accounts × ${PER_ACCOUNT}, ${database.kind}, batchSize ${N}, ` +
    `requestsPerSecond ${REQUESTS_PER_SECOND} per key, set-up ${(setupMs / 1000).toFixed(1)} s, stop ${(stopMs / 1000).toFixed(1)} s`,
);
console.log(
  '| phase | epics done | time (s) | epics advanced/s | passes started | rss after | heapUsed after |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const p of phases) {
  console.log(
    `| ${p.name}${p.finished ? '' : ' (time limit)'} | ${p.done.toLocaleString('en-US')} | ${(p.ms / 1000).toFixed(1)} | ${Math.round((p.done / p.ms) * 1000).toLocaleString('en-US')} | ${p.passes} | ${mib(p.memAfter.rss)} | ${mib(p.memAfter.heapUsed)} |`,
  );
}
console.log();
console.log(
  `memory: rss ${mib(memBefore.rss)} before → ${mib(memAfter.rss)} after (peak ${mib(peakRss)}); ` +
    `heapUsed ${mib(memBefore.heapUsed)} → ${mib(memAfter.heapUsed)} (peak ${mib(peakHeap)}); sampled every 100 ms`,
);
console.log(
  `database: ${orders.toLocaleString('en-US')} order rows, ${fills.toLocaleString('en-US')} fills booked`,
);
for (const [message, n] of logged) console.log(`engine log ${message} ×${n}`);
await paper.close();
await bus.close();
await database.close();
