/**
 * Engine throughput on the paper exchange (issue #4): epics advanced per second with N active epics, the time to
 * settle one price step, queries per epic, and memory.
 * Run: npx node bench/engine-throughput.bench.ts [epics=10000] [epicsPerAccount=100] [limitSeconds=600] [concurrency=8]
 * PGlite in memory by default; PostgreSQL when DATABASE_URL is set (figures in bench/README.md).
 *
 * Epics are inserted in bulk as POST /epics saves them (pending, inputs, the plan from planEpic, the position from
 * createPosition); a real createEngine then drives them on the paper exchange (in-memory store, manual clock so
 * prices move only when set, unlimited per-tick liquidity). Phases, each timed from the realtime events the engine
 * publishes after its commits and confirmed against the database at the end:
 *   open — pending → active: the levels written as intents and placed, level 1 bought at once at the ask, its
 *          fill booked and the take-profit placed;
 *   idle — 3 s with nothing to do: how long a pass over every held epic takes and what it asks the database;
 *   step — the price drops through level 2 of every epic: the fill booked, the take-profit cancelled and re-placed.
 * Statements are counted by a drizzle logger on the engine's own handle (BEGIN/COMMIT not counted).
 *
 * PROCESSES=2 (PostgreSQL only): the engine runs in two child processes instead of this one, each a createEngine
 * with its own worker id and a batch of half the epics, sharing the epics through their leases in the same
 * database. Each child has its own in-memory paper venue (the stand-in for the external exchange) with a key per
 * account; an epic's orders live on the venue of the process that holds it, which is sound here because leases
 * last the whole run and never move. Children report progress from their buses; the parent confirms each phase
 * in the database and sends the price step to both venues.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { TEpicPlan } from '@cdca/contracts';
import { planEpic } from '@cdca/engine';
import { manualClock } from '@cdca/engine/testing';
import type { ExchangeCredentials } from '@cdca/exchange';
import { createMemoryPaperStore, createPaperExchange } from '@cdca/exchange/paper';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import { takingTurns } from '../apps/server/src/db/pglite-turns.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { accounts } from '../apps/server/src/db/schema.ts';
import { createEngine } from '../apps/server/src/engine/create-engine.ts';
import type { EngineLog } from '../apps/server/src/engine/engine-deps.ts';
import { coins } from '../apps/server/src/modules/coins/coins.schema.ts';
import { epics } from '../apps/server/src/modules/epics/epics.schema.ts';
import type { EventBus } from '../apps/server/src/realtime/event-bus.ts';
import { createInProcessBus } from '../apps/server/src/realtime/in-process-bus.ts';
import { createTestDatabase } from '../apps/server/src/testing/test-database.ts';
import { pendingEpicRow, SCRIPTED_INPUTS } from './pending-epics.ts';

const N = Number(process.argv[2] ?? 10_000);
const PER_ACCOUNT = Number(process.argv[3] ?? 100);
const LIMIT_S = Number(process.argv[4] ?? 600);
const REQUESTS_PER_SECOND = 100_000;
const PRODUCT = 'SOL-USD';
const CONCURRENCY = Number(process.argv[5] ?? 8);
const deadline = Date.now() + LIMIT_S * 1000;

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

/**
 * How long this process's event loop was held, per phase: on PGlite the engine's queries run within the turn that
 * asks, so without help a pass holds every timer and socket. The engine runs on the server's turn-taking client
 * (db/pglite-turns.ts, docs/decisions/embedded-database-turns.md); PGLITE_TURNS=off runs it on PGlite's own instead.
 */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const pgliteClient = (pglite: PGlite | undefined) =>
  pglite && process.env.PGLITE_TURNS !== 'off' ? takingTurns(pglite) : pglite;

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

// --- shared by this process and the child engines --------------------------------------------------------------
/**
 * Progress from the realtime events the engine publishes after each commit (epic.updated, trade.updated), so a
 * phase ends the moment the last epic is done without polling the database the engine is busy with. Each phase
 * is checked against the database once at its end.
 */
type Progress = { status: string; level: number; openTakeProfit: number | null };
const trackProgress = (bus: EventBus) => {
  const progress = new Map<string, Progress>();
  // Kept as events arrive rather than counted on each look: the children report every 50 ms, and recounting
  // 10,000 epics each time took CPU from the engines being measured.
  const doneAt = new Map<number, number>();
  const levelDone = (p: Progress | undefined) =>
    p && p.status === 'active' && p.openTakeProfit === p.level - 1 ? p.level : undefined;
  const update = (epicId: string, change: (seen: Progress) => Progress) => {
    const before = progress.get(epicId);
    const after = change(before ?? { status: '', level: 0, openTakeProfit: null });
    progress.set(epicId, after);
    const [was, is] = [levelDone(before), levelDone(after)];
    if (was === is) return;
    if (was !== undefined) doneAt.set(was, (doneAt.get(was) ?? 0) - 1);
    if (is !== undefined) doneAt.set(is, (doneAt.get(is) ?? 0) + 1);
  };
  const field = (event: Record<string, unknown>, key: string) => event[key];
  bus.subscribe(({ message }) => {
    const event = message.event as Record<string, unknown>;
    if (message.routingKey === 'epic.updated') {
      update(event.id as string, (seen) => ({
        ...seen,
        status: String(field(event, 'status')),
        level: Number(field(event, 'activeDcaLevel')),
      }));
    }
    if (message.routingKey === 'trade.updated' && field(event, 'purpose') === 'take-profit') {
      const epicId = String(field(event, 'epicId'));
      const attempt = Number(String(field(event, 'clientOrderId')).split('-').at(-1));
      update(epicId, (seen) => {
        if (field(event, 'status') === 'open') return { ...seen, openTakeProfit: attempt };
        return seen.openTakeProfit === attempt ? { ...seen, openTakeProfit: null } : seen;
      });
    }
  });
  /** Epics active with `level` levels bought and their `level`-th take-profit (attempt level − 1) open. */
  return (level: number) => doneAt.get(level) ?? 0;
};

/** A paper venue as the bench uses it: manual clock, unlimited per-tick liquidity, SOL at 100. */
const openPaper = async () => {
  const venue = createPaperExchange({
    seed: 1,
    clock: manualClock(new Date()),
    store: createMemoryPaperStore(),
    liquidityPerTickUsd: '1000000000000',
    startingBalanceUsd: '1000000',
  });
  await venue.venue.ready();
  await venue.setPrice(PRODUCT, '100.00');
  return venue;
};

/**
 * A createEngine with its own drizzle handle over its own connections, with a logger that counts every statement
 * it sends (inside transactions too) by kind; the bench's own progress queries go elsewhere and are not counted.
 */
const buildLocalEngine = ({
  url,
  pglite,
  venue,
  keys,
  workerId,
  batchSize,
}: {
  url: string | undefined;
  pglite: PGlite | undefined;
  venue: Awaited<ReturnType<typeof openPaper>>;
  keys: Map<string, ExchangeCredentials>;
  workerId: string;
  batchSize: number;
}) => {
  const queries = new Map<string, number>();
  let claims = 0;
  const countQuery = (query: string) => {
    // node-postgres runs transactions as statements (drizzle logs them); PGlite runs them inside its API. Neither
    // is counted, so the figures compare.
    if (/^(begin|commit|rollback)\b/i.test(query)) return;
    const kind = /^(select|insert into|update|delete from)\s+(?:.*?\bfrom\s+)?"(\w+)"/is.exec(query);
    const key = kind ? `${(kind[1] ?? '').toLowerCase().split(' ')[0]} ${kind[2]}` : query.slice(0, 24);
    queries.set(key, (queries.get(key) ?? 0) + 1);
    // Every pass starts by reading the epics this worker holds (lease.ts holdEpics).
    if (
      /^select .* from "epics" where .*"epics"\."lease_owner" = \$\d+ and "epics"\."lease_expires_at" > /s.test(
        query,
      )
    )
      claims++;
  };
  const logger = { logQuery: countQuery };
  // Connections kept for the whole run: a backend that exits takes its CPU time with it (pgBackendCpuMs).
  const pool = url ? new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 0 }) : undefined;
  const engineDb: Db = pool
    ? drizzlePg({ client: pool, schema, casing: 'snake_case', logger })
    : drizzlePglite({ client: pgliteClient(pglite), schema, casing: 'snake_case', logger });
  const bus = createInProcessBus();
  const epicsAt = trackProgress(bus);
  const engine = createEngine({
    db: engineDb,
    bus,
    exchange: venue,
    keys: { credentialsFor: async (accountId) => keys.get(accountId) },
    workerId,
    leaseMs: 30 * 60_000,
    pollMs: 20,
    batchSize,
    concurrency: CONCURRENCY,
    requestsPerSecond: REQUESTS_PER_SECOND,
    log,
  });
  return { engine, epicsAt, queries, claims: () => claims, close: async () => pool?.end() };
};
type LocalEngine = ReturnType<typeof buildLocalEngine>;

/** Messages a child engine sends: its progress and counters, every 50 ms and once more when stopped. */
type ChildReport = {
  type: 'report';
  at: [number, number];
  claims: number;
  queries: [string, number][];
  cpuMs: number;
  rss: number;
  logged: [string, number][];
  stopped: boolean;
};

const engineCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** A child engine (PROCESSES > 1): its own venue and keys, the parent's database; reports until it is stopped. */
const runChild = async (index: string, url: string) => {
  const venue = await openPaper();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ id: string }>('select id from accounts');
  await client.end();
  const keys = new Map<string, ExchangeCredentials>();
  for (const { id } of rows)
    keys.set(id, await venue.mintKey({ canView: true, canTrade: true, canTransfer: false }));
  const local = buildLocalEngine({
    url,
    pglite: undefined,
    venue,
    keys,
    workerId: `bench-${index}`,
    batchSize: Number(process.env.BENCH_BATCH ?? N),
  });
  const report = (stopped: boolean) =>
    process.send?.({
      type: 'report',
      at: [local.epicsAt(1), local.epicsAt(2)],
      claims: local.claims(),
      queries: [...local.queries],
      cpuMs: engineCpuMs(),
      rss: process.memoryUsage().rss,
      logged: [...logged],
      stopped,
    } satisfies ChildReport);
  const reporter = setInterval(() => report(false), 50);
  process.on('message', async (message: { type: string; price?: string }) => {
    if (message.type === 'start') await local.engine.start();
    if (message.type === 'price' && message.price) {
      await venue.setPrice(PRODUCT, message.price);
      process.send?.({ type: 'priced' });
    }
    if (message.type === 'stop') {
      await local.engine.stop();
      clearInterval(reporter);
      report(true);
      await local.close();
      await venue.close();
      // The memory sampler and the IPC channel would keep the child alive, and the parent waits for its children.
      clearInterval(sampler);
      process.disconnect();
    }
  });
  process.send?.({ type: 'ready' });
};

const CHILD = process.env.BENCH_ENGINE_CHILD;
if (CHILD !== undefined) {
  await runChild(CHILD, process.env.BENCH_DATABASE_URL ?? '');
} else {
  const database = await createTestDatabase();
  const { db } = database;
  const paper = await openPaper();
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
  const planned = planEpic(SCRIPTED_INPUTS, product, ask, { availableBalance: '1000000' });
  if (!planned.ok) throw new Error(`plan refused: ${JSON.stringify(planned.problems)}`);
  const plan: TEpicPlan = planned.plan;
  const CHUNK = 500;
  for (let start = 0; start < N; start += CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(N, start + CHUNK); i++) {
      rows.push(pendingEpicRow(accountRows[Math.floor(i / PER_ACCOUNT)]?.id ?? '', coin.id, plan, product));
    }
    await db.insert(epics).values(rows);
  }
  const setupMs = performance.now() - setupStart;
  const level2 = plan.levels[1]?.price ?? '';
  const level3 = plan.levels[2]?.price ?? '';

  // --- the engine ------------------------------------------------------------------------------------------------
  /** What the phases read from the engine, wherever it runs (this process, or the children). */
  type EngineRun = {
    start: () => Promise<void>;
    /** Epics active with `level` levels bought and their `level`-th take-profit open (from realtime events). */
    epicsAt: (level: number) => number;
    /** Passes started (each starts by reading the epics its worker holds). */
    claims: () => number;
    /** Statements sent, by kind, since the start. */
    queries: () => Map<string, number>;
    /** CPU the engine process(es) spent since the start. */
    cpuMs: () => number;
    setPrice: (price: string) => Promise<void>;
    stop: () => Promise<void>;
    /** rss of each engine process now. */
    rss: () => number[];
  };

  const runLocal = (engine: LocalEngine, venue: typeof paper): EngineRun => ({
    start: () => engine.engine.start(),
    epicsAt: engine.epicsAt,
    claims: () => engine.claims(),
    queries: () => engine.queries,
    cpuMs: engineCpuMs,
    setPrice: (price) => venue.setPrice(PRODUCT, price),
    stop: () => engine.engine.stop(),
    rss: () => [process.memoryUsage().rss],
  });

  const runChildren = (count: number, url: string): EngineRun => {
    const children = Array.from({ length: count }, (_, i) =>
      fork(fileURLToPath(import.meta.url), process.argv.slice(2), {
        env: {
          ...process.env,
          BENCH_ENGINE_CHILD: String(i),
          BENCH_DATABASE_URL: url,
          BENCH_BATCH: String(Math.ceil(N / count)),
        },
        serialization: 'advanced',
      }),
    );
    const reports = children.map((): ChildReport | undefined => undefined);
    // A message sent before a child listens is lost: each says when it is ready for 'start'.
    const ready = children.map(() => Promise.withResolvers<void>());
    // The price step is timed from when every venue has moved (as setPrice is awaited in one process).
    let priced = children.map(() => Promise.withResolvers<void>());
    const stopped = children.map(() => Promise.withResolvers<void>());
    children.forEach((child, i) => {
      child.on('message', (message: ChildReport | { type: 'ready' | 'priced' }) => {
        if (message.type === 'ready') return ready[i]?.resolve();
        if (message.type === 'priced') return priced[i]?.resolve();
        if (message.type !== 'report') return;
        reports[i] = message;
        if (message.stopped) stopped[i]?.resolve();
      });
    });
    const sum = (read: (r: ChildReport) => number) => reports.reduce((a, r) => a + (r ? read(r) : 0), 0);
    const send = (message: { type: string; price?: string }) => {
      for (const child of children) child.send(message);
    };
    return {
      start: async () => {
        await Promise.all(ready.map((r) => r.promise));
        send({ type: 'start' });
      },
      epicsAt: (level) => sum((r) => r.at[level - 1] ?? 0),
      claims: () => sum((r) => r.claims),
      queries: () => {
        const total = new Map<string, number>();
        for (const r of reports) for (const [k, n] of r?.queries ?? []) total.set(k, (total.get(k) ?? 0) + n);
        return total;
      },
      cpuMs: () => sum((r) => r.cpuMs),
      setPrice: async (price) => {
        priced = children.map(() => Promise.withResolvers<void>());
        send({ type: 'price', price });
        await Promise.all(priced.map((p) => p.promise));
      },
      stop: async () => {
        send({ type: 'stop' });
        await Promise.all(stopped.map((s) => s.promise));
        for (const r of reports) for (const [k, n] of r?.logged ?? []) logged.set(`child ${k}`, n);
      },
      rss: () => reports.map((r) => r?.rss ?? 0),
    };
  };

  const PROCESSES = Number(process.env.PROCESSES ?? 1);
  if (PROCESSES > 1 && !database.url) throw new Error('PROCESSES > 1 needs PostgreSQL (DATABASE_URL)');
  const local =
    PROCESSES > 1
      ? undefined
      : buildLocalEngine({
          url: database.url,
          pglite: database.pglite,
          venue: paper,
          keys: byAccount,
          workerId: 'bench',
          batchSize: N,
        });
  const run: EngineRun = local ? runLocal(local, paper) : runChildren(PROCESSES, database.url ?? '');
  const totalQueries = () => [...run.queries().values()].reduce((a, b) => a + b, 0);

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

  /**
   * CPU spent, not wall time: the machine is shared, so a phase's wall time moves with whatever else runs, while the
   * CPU the engine process and the database's backends spent on it does much less. PostgreSQL backends are read from
   * /proc (same machine; the pools keep their connections, so no backend's time is lost when it exits).
   */
  const CLOCK_TICK_MS = 10;
  const pgBackendCpuMs = async () => {
    if (!database.url) return 0;
    const result = await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { pid: number }[];
    let ticks = 0;
    for (const { pid } of rows) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
      } catch {
        // Not on this machine, or gone.
      }
    }
    return ticks * CLOCK_TICK_MS;
  };

  /** The same, from the database: every epic active at `level`, one take-profit open per epic, nothing unsent. */
  const confirmedAt = async (level: number) => {
    const active = await one(
      sql`select count(*) from epics where status = 'active' and active_dca_level = ${level}`,
    );
    const takeProfits = await one(
      sql`select count(distinct epic_id) from epic_orders where purpose = 'take-profit' and status = 'open'
        and client_order_id like ${`%-t0-${level - 1}`}`,
    );
    const unsent = await one(sql`select count(*) from epic_orders where status = 'intent'`);
    return unsent === 0 ? Math.min(active, takeProfits) : 0;
  };

  type Phase = {
    name: string;
    done: number;
    confirmed: number;
    ms: number;
    finished: boolean;
    passes: number;
    queries: number;
    byKind: Map<string, number>;
    memAfter: NodeJS.MemoryUsage;
    engineCpuMs: number;
    pgCpuMs: number;
    /** This process's event loop held, in ms (PROCESSES=2: the parent's, whose loop the engines do not hold). */
    loopDelayMs: { p99: number; max: number };
  };
  const phases: Phase[] = [];
  /** Waits until every epic reached `level` (or the deadline), then confirms it in the database. */
  const phase = async (name: string, level: number) => {
    const start = performance.now();
    const claimsBefore = run.claims();
    const queriesBefore = totalQueries();
    const kindsBefore = new Map(run.queries());
    const cpuBefore = run.cpuMs();
    const pgBefore = await pgBackendCpuMs();
    loopDelay.reset();
    let done = run.epicsAt(level);
    while (done < N && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      done = run.epicsAt(level);
    }
    const ms = performance.now() - start;
    const entry: Phase = {
      name,
      done,
      confirmed: 0,
      ms,
      finished: done >= N,
      passes: run.claims() - claimsBefore,
      queries: totalQueries() - queriesBefore,
      byKind: new Map([...run.queries()].map(([k, n]) => [k, n - (kindsBefore.get(k) ?? 0)])),
      memAfter: sampleMemory(),
      engineCpuMs: run.cpuMs() - cpuBefore,
      pgCpuMs: (await pgBackendCpuMs()) - pgBefore,
      loopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    };
    entry.confirmed = await confirmedAt(level);
    phases.push(entry);
    console.log(
      `${name}: ${done}/${N} in ${(ms / 1000).toFixed(1)} s (database confirms ${entry.confirmed})`,
    );
    return entry.finished && entry.confirmed === N;
  };

  /** Passes over epics with nothing to do: how long one takes, and what it asks the database. */
  const idle = async (ms: number) => {
    const claimsBefore = run.claims();
    const queriesBefore = totalQueries();
    await new Promise((r) => setTimeout(r, ms));
    const passes = run.claims() - claimsBefore;
    return {
      passes,
      msPerPass: passes ? ms / passes : ms,
      queriesPerPass: (totalQueries() - queriesBefore) / passes,
    };
  };

  const memBefore = sampleMemory();
  await run.start();
  let ok = await phase('open (pending → active: level 1 bought, levels 2–3 resting, take-profit open)', 1);
  const quiet = ok ? await idle(3_000) : undefined;
  if (ok) {
    // Between level 2 and level 3: every epic's level-2 buy fills in this one tick.
    const stepPrice = ((Number(level2) + Number(level3)) / 2).toFixed(2);
    await run.setPrice(stepPrice);
    ok = await phase(
      `price step to ${stepPrice} (level-2 fill booked, take-profit cancelled and re-placed)`,
      2,
    );
  }
  const stopStart = performance.now();
  await run.stop();
  const stopMs = performance.now() - stopStart;
  clearInterval(sampler);
  const memAfter = sampleMemory();

  const fills = await one(sql`select count(*) from epic_fills`);
  const orders = await one(sql`select count(*) from epic_orders`);
  console.log();
  console.log(
    `${N.toLocaleString('en-US')} epics, ${accountCount} accounts × ${PER_ACCOUNT}, ${database.kind}, ` +
      `${PROCESSES > 1 ? `${PROCESSES} engine processes, batchSize ${Math.ceil(N / PROCESSES)} each` : `batchSize ${N}`}, ` +
      `concurrency ${CONCURRENCY}, requestsPerSecond ${REQUESTS_PER_SECOND} per key, set-up ${(setupMs / 1000).toFixed(1)} s, stop ${(stopMs / 1000).toFixed(1)} s`,
  );
  console.log(
    '| phase | epics done | time (s) | epics advanced/s | passes | engine queries | queries/epic | engine CPU ms/epic | PostgreSQL CPU ms/epic | rss after | heapUsed after | event loop held p99 / max (ms) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const p of phases) {
    console.log(
      `| ${p.name}${p.finished ? '' : ' (time limit)'} | ${p.done.toLocaleString('en-US')} | ${(p.ms / 1000).toFixed(1)} | ${Math.round((p.done / p.ms) * 1000).toLocaleString('en-US')} | ${p.passes} | ${p.queries.toLocaleString('en-US')} | ${(p.queries / N).toFixed(1)} | ${(p.engineCpuMs / N).toFixed(2)} | ${(p.pgCpuMs / N).toFixed(2)} | ${mib(p.memAfter.rss)} | ${mib(p.memAfter.heapUsed)} | ${p.loopDelayMs.p99.toFixed(0)} / ${p.loopDelayMs.max.toFixed(0)} |`,
    );
  }
  console.log();
  if (quiet)
    console.log(
      `idle passes (all ${N.toLocaleString('en-US')} epics held, nothing to do): ${quiet.passes} in 3 s, ` +
        `${quiet.msPerPass.toFixed(0)} ms a pass, ${quiet.queriesPerPass.toFixed(1)} queries a pass`,
    );
  console.log(
    `${PROCESSES > 1 ? `engine processes' rss at the end: ${run.rss().map(mib).join(', ')}; this process's ` : ''}` +
      `memory: rss ${mib(memBefore.rss)} before → ${mib(memAfter.rss)} after (peak ${mib(peakRss)}); ` +
      `heapUsed ${mib(memBefore.heapUsed)} → ${mib(memAfter.heapUsed)} (peak ${mib(peakHeap)}); sampled every 100 ms`,
  );
  console.log(
    `database: ${orders.toLocaleString('en-US')} order rows, ${fills.toLocaleString('en-US')} fills booked`,
  );
  for (const [message, n] of logged) console.log(`engine log ${message} ×${n}`);
  for (const p of phases) {
    const top = [...p.byKind].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
    console.log(
      `queries per epic, ${p.name}: ${top.map(([k, n]) => `${k} ${(n / N).toFixed(2)}`).join(', ')}`,
    );
  }
  await local?.close();
  await paper.close();
  await database.close();
  if (!ok) process.exitCode = 1;
}
