/**
 * Idle memory of the server (issue #19, docs/decisions/memory.md): resident memory (VmRSS) of a server left idle
 * after it answered health, on a first start (empty data) and on a restart on that data, with its peak (VmHWM).
 * Two ways of running it in the same run, each on its own data: `npm start` (apps/server/scripts/start.ts: the
 * bundle, the flags) and the sources as tests run them (`node apps/server/src/main.ts`, how npm start ran before).
 * Run: npx node bench/memory.bench.ts [idleSeconds=20]                   (PGlite in fresh data directories)
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/memory.bench.ts [idleSeconds=20]
 *      (PostgreSQL: the bench creates and drops its own databases beside the one named)
 *      ONLY='npm start' npx node bench/memory.bench.ts   (one way of running only; PORT: the server's port, 4790)
 *      BASELINE_DIR=/tmp/before npx node bench/memory.bench.ts   (also an older checkout's sources, e.g. a
 *      `git worktree add /tmp/before <commit>` with a node_modules symlink to this checkout's)
 *      EPICS=10000 npx node bench/memory.bench.ts [idleSeconds=20]   (npm start only unless ONLY names a way)
 *      (with active epics: after the first start, the data is seeded with the server stopped — accounts with a
 *      paper key each, EPICS_PER_ACCOUNT epics per account, default 10, saved pending as POST /epics saves them;
 *      the server is started on it and measured once its engine has moved every epic pending → active (level 1
 *      bought, take-profit open), then restarted holding them all. The database confirms each figure's epics.)
 * npm start builds the web app first if its sources changed; build it before (`npm run build`) for a quick run.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { planEpic } from '@cdca/engine';
import { createPaperExchange } from '@cdca/exchange/paper';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Db, openDatabase } from '../apps/server/src/db/client.ts';
import { accounts } from '../apps/server/src/db/schema.ts';
import { createEngine } from '../apps/server/src/engine/create-engine.ts';
import { loadMasterKey } from '../apps/server/src/lib/master-key.ts';
import { createSecretBox } from '../apps/server/src/lib/secret-box.ts';
import { coins } from '../apps/server/src/modules/coins/coins.schema.ts';
import { epics } from '../apps/server/src/modules/epics/epics.schema.ts';
import { createExchangeKeysRepository } from '../apps/server/src/modules/exchange-keys/exchange-keys.repository.ts';
import { sealContext } from '../apps/server/src/modules/exchange-keys/exchange-keys.service.ts';
import { paperPortfolioName } from '../apps/server/src/modules/exchange-keys/mint-paper-key.ts';
import { createInProcessBus } from '../apps/server/src/realtime/in-process-bus.ts';
import { localServerEnv } from '../apps/server/src/testing/local-server.ts';
import { sharedPaperOptions } from '../apps/server/src/venue.ts';
import { scratchDatabase } from './bench-server.ts';
import { pendingEpicRow, SCRIPTED_INPUTS } from './pending-epics.ts';

const idleMs = Number(process.argv[2] ?? 20) * 1000;
const port = Number(process.env.PORT ?? 4790);
const url = `http://127.0.0.1:${port}`;
const root = new URL('..', import.meta.url).pathname;
const adminUrl = process.env.DATABASE_URL;
const EPICS = Number(process.env.EPICS ?? 0);
const PER_ACCOUNT = Number(process.env.EPICS_PER_ACCOUNT ?? 10);
/** How long the engine may take to open every epic before the run gives up. */
const OPEN_LIMIT_MS = Number(process.env.EPICS_WAIT_SECONDS ?? 1800) * 1000;
/**
 * Who moves the seeded epics pending → active: `bench` (default) — the server's engine (createEngine, imported, not
 * changed) run in this process on the server's data with the server stopped, holding every epic in one pass, so
 * the server is measured restarting with them all active; `server` — the server's own worker after a restart
 * (500 epics a pass), measured once its log shows them all active or EPICS_WAIT_SECONDS passed.
 */
const OPEN_BY = process.env.EPICS_OPEN === 'server' ? 'server' : 'bench';

const baseline = process.env.BASELINE_DIR;
/** How the server is started: script and working directory. BASELINE_DIR adds an older checkout's sources. */
type Start = { cwd: string; args: string[] };
const npmStart: Start = { cwd: root, args: ['apps/server/scripts/start.ts'] };
const WAYS: Record<string, Start> = {
  'npm start': npmStart,
  sources: { cwd: root, args: ['apps/server/src/main.ts'] },
  ...(baseline ? { 'before (BASELINE_DIR)': { cwd: baseline, args: ['apps/server/src/main.ts'] } } : {}),
};
type Way = string;
// With epics a run takes many minutes a way: npm start only, unless ONLY asks for another.
const only = process.env.ONLY ?? (EPICS > 0 ? 'npm start' : undefined);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/**
 * Resident and peak resident memory in MiB, from the kernel (what the machine pays, not what V8 counts), with the
 * anonymous part (heaps, WebAssembly memory) apart from the file-backed one (the node binary, mapped files).
 */
const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024, anon: kib('RssAnon') / 1024 };
};

/** CPU seconds the process has used (user + system), from /proc/<pid>/stat. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const exited = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
  });

const healthy = async () => {
  try {
    return (await fetch(`${url}/api/v1/health`)).ok;
  } catch {
    return false;
  }
};

type StartKind = 'first start' | 'restart' | `restart, ${string}`;
type Figure = {
  way: Way;
  start: StartKind;
  msToHealthy: number;
  /** With epics: from health to the engine having moved the last one to active. */
  msToOpen?: number;
  rss: number;
  peak: number;
  anon: number;
  /** The server's CPU use over the idle window, as a share of one core. */
  cpu: number;
  load: string;
  /** With epics: what the database says once the server has stopped. */
  confirmed?: string;
};

/**
 * How many distinct epics the engine's log says it moved to active (pino's JSON lines, `engine: epic moved`).
 * SERVER_LOG names a file the server's log is also appended to.
 */
const activationsFrom = (proc: ChildProcess) => {
  const activated = new Set<string>();
  let partial = '';
  proc.stdout?.on('data', (chunk: Buffer) => {
    if (process.env.SERVER_LOG) appendFileSync(process.env.SERVER_LOG, chunk);
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('engine: epic moved')) continue;
      const entry: { epicId?: string; to?: string } = JSON.parse(line);
      if (entry.to === 'active' && entry.epicId) activated.add(entry.epicId);
    }
  });
  return () => activated.size;
};

/**
 * Starts the server, waits for health (and, when `openEpics` is given, for the engine to move that many epics to
 * active), leaves it idle, reads its memory and stops it gracefully.
 */
const measure = async (
  way: Way,
  start: StartKind,
  env: NodeJS.ProcessEnv,
  openEpics = 0,
): Promise<Figure> => {
  const began = performance.now();
  // npm start's script replaces itself with the server (process.execve), so this pid is the server's.
  const { cwd, args } = WAYS[way] ?? npmStart;
  // To follow the engine the server logs at info, as npm start's default does; otherwise only warnings.
  const proc = spawn(process.execPath, args, {
    cwd,
    env: openEpics ? { ...env, LOG_LEVEL: 'info' } : env,
    stdio: ['ignore', openEpics ? 'pipe' : 'ignore', 'pipe'],
  });
  const activated = activationsFrom(proc);
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  try {
    while (!(await healthy())) {
      if (proc.exitCode !== null || proc.signalCode !== null)
        throw new Error(`${way} ended (${proc.exitCode ?? proc.signalCode}) before serving:\n${stderr}`);
      if (performance.now() - began > 300_000) throw new Error(`${way} not healthy in 300 s`);
      await sleep(100);
    }
    const msToHealthy = performance.now() - began;
    let msToOpen: number | undefined;
    if (openEpics) {
      let reported = 0;
      while (activated() < openEpics) {
        if (proc.exitCode !== null || proc.signalCode !== null)
          throw new Error(`${way} ended (${proc.exitCode ?? proc.signalCode}):\n${stderr}`);
        if (performance.now() - began > OPEN_LIMIT_MS) break;
        await sleep(250);
        if (performance.now() - began - reported > 30_000) {
          reported = performance.now() - began;
          console.log(
            `  ${activated()}/${openEpics} active after ${(reported / 1000).toFixed(0)} s, load ${load()}`,
          );
        }
      }
      msToOpen = performance.now() - began - msToHealthy;
    }
    const pid = proc.pid ?? 0;
    const cpuBefore = cpuSeconds(pid);
    await sleep(idleMs);
    const cpu = (cpuSeconds(pid) - cpuBefore) / (idleMs / 1000);
    const memory = memoryOf(pid);
    return {
      way,
      start,
      msToHealthy,
      ...(msToOpen === undefined ? {} : { msToOpen }),
      ...memory,
      cpu,
      load: load(),
    };
  } finally {
    proc.kill('SIGTERM');
    await exited(proc);
  }
};

/** Drivers answer raw SQL differently (an array, or an object with rows). */
const rowsOf = async (db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> => {
  const result: unknown = await db.execute(query);
  const rows: unknown = Array.isArray(result)
    ? result
    : typeof result === 'object' && result !== null && 'rows' in result
      ? result.rows
      : [];
  return Array.isArray(rows) ? rows : [];
};

/** Epics by status, epics with an open take-profit, and orders written but not yet sent. */
const epicCounts = async (db: Db) => {
  const byStatus = await rowsOf(
    db,
    sql`select status, count(*)::int as n from epics group by status order by status`,
  );
  const [takeProfits] = await rowsOf(
    db,
    sql`select count(distinct epic_id)::int as n from epic_orders where purpose = 'take-profit' and status = 'open'`,
  );
  const [intents] = await rowsOf(db, sql`select count(*)::int as n from epic_orders where status = 'intent'`);
  const status = new Map(byStatus.map((row) => [String(row.status), Number(row.n)]));
  return { status, takeProfits: Number(takeProfits?.n ?? 0), intents: Number(intents?.n ?? 0) };
};

/**
 * Moves the seeded epics pending → active with the server's engine in this process, on the server's database and
 * paper market (the server is stopped): one pass holds every epic (batchSize), as bench/engine-throughput runs it,
 * with the paper venue's real per-key limit. Done when none is pending, every active one has its take-profit open
 * and no order is left unsent, as the database says.
 */
const openEpics = async (
  db: Db,
  exchange: ReturnType<typeof createPaperExchange>,
  credentialsOf: Map<string, { keyName: string; privateKey: string }>,
  count: number,
) => {
  const began = performance.now();
  const bus = createInProcessBus();
  const engine = createEngine({
    db,
    bus,
    exchange,
    keys: { credentialsFor: async (accountId) => credentialsOf.get(accountId) },
    workerId: `memory-bench:${process.pid}`,
    batchSize: count,
    pollMs: 100,
    log: pino({ level: 'warn' }),
  });
  // Progress from the realtime events the engine publishes after its commits (as bench/engine-throughput follows
  // it): counting in the database every few seconds scans the epics table, which on PGlite (no autovacuum) the
  // lease renewals bloat by hundreds of MB, and starves the engine it waits for. The database confirms at the end.
  const opened = new Map<string, { active: boolean; takeProfitOpen: boolean }>();
  const done = () => [...opened.values()].filter((epic) => epic.active && epic.takeProfitOpen).length;
  bus.subscribe(({ message }) => {
    const event: Record<string, unknown> = message.event;
    const id = String(message.routingKey === 'epic.updated' ? event.id : event.epicId);
    const seen = opened.get(id) ?? { active: false, takeProfitOpen: false };
    if (message.routingKey === 'epic.updated') opened.set(id, { ...seen, active: event.status === 'active' });
    if (message.routingKey === 'trade.updated' && event.purpose === 'take-profit')
      opened.set(id, { ...seen, takeProfitOpen: event.status === 'open' });
  });
  await engine.start();
  try {
    let reported = began;
    while (done() < count) {
      await sleep(1_000);
      if (performance.now() - began > OPEN_LIMIT_MS)
        throw new Error(`epics not open in ${OPEN_LIMIT_MS / 1000} s`);
      if (performance.now() - reported > 30_000) {
        reported = performance.now();
        console.log(`  opening: ${done()}/${count} active with their take-profit open, load ${load()}`);
      }
    }
  } finally {
    await engine.stop();
    await bus.close();
  }
  return performance.now() - began;
};

/**
 * Writes `count` pending epics into the server's data with the server stopped, as the admin CLI's seed-history
 * writes (openDatabase on the server's configuration): active accounts, each with a paper key minted on the
 * server's own paper market (sharedPaperOptions: its store, its lease, released on close) and stored sealed under
 * the data directory's master key as POST /exchange-keys stores it; then the epics as POST /epics saves them
 * (planEpic on the venue's product and ask, checked against the portfolio's balance, createPosition), spread over
 * the catalogue's coins.
 */
const seedEpics = async (env: NodeJS.ProcessEnv, count: number, open: boolean) => {
  const config = loadConfig(env);
  const database = await openDatabase(config);
  const paper = createPaperExchange(sharedPaperOptions(config, database.db));
  try {
    await paper.venue.ready();
    const { db } = database;
    const keys = createExchangeKeysRepository(db);
    const credentialsOf = new Map<string, { keyName: string; privateKey: string }>();
    const secretBox = createSecretBox(
      loadMasterKey({ masterKey: config.masterKey, dataDir: config.dataDir, log: console }),
    );
    // One plan per coin, each at its own ask; a coin whose rules refuse the plan is left out.
    const listed = await db.select({ id: coins.id, symbol: coins.symbol }).from(coins);
    const plans = [];
    for (const coin of listed) {
      const product = await paper.market.getProduct(coin.symbol).catch(() => undefined);
      if (!product) continue;
      const { ask } = await paper.market.getTicker(coin.symbol);
      const planned = planEpic(SCRIPTED_INPUTS, product, ask, {
        availableBalance: config.exchange.paper.startingUsd,
      });
      if (planned.ok) plans.push({ coinId: coin.id, product, plan: planned.plan });
    }
    if (plans.length === 0) throw new Error('no coin the epic can be planned on');
    const accountCount = Math.ceil(count / PER_ACCOUNT);
    const accountRows = await db
      .insert(accounts)
      .values(
        Array.from({ length: accountCount }, (_, i) => ({
          userId: `memory-bench|${i}`,
          email: `memory-bench-${i}@example.test`,
          status: 'active' as const,
        })),
      )
      .returning({ id: accounts.id });
    for (const { id: accountId } of accountRows) {
      const minted = await paper.mintKey({
        canView: true,
        canTrade: true,
        canTransfer: false,
        portfolioName: paperPortfolioName(accountId),
      });
      const credentials = { keyName: minted.keyName, privateKey: minted.privateKey };
      credentialsOf.set(accountId, credentials);
      await keys.savePaperPortfolioId(accountId, minted.portfolioId);
      await keys.upsert({
        accountId,
        exchange: 'paper',
        sealedCredentials: secretBox.seal(JSON.stringify(credentials), sealContext(accountId)),
        keyNameHint: minted.keyName.slice(-4),
        canView: true,
        canTrade: true,
        canTransfer: false,
        portfolioId: minted.portfolioId,
        portfolioName: paperPortfolioName(accountId),
      });
    }
    const CHUNK = 500;
    for (let first = 0; first < count; first += CHUNK) {
      const rows = [];
      for (let i = first; i < Math.min(count, first + CHUNK); i++) {
        const chosen = plans[i % plans.length];
        if (!chosen) throw new Error('no plan');
        const { coinId, product, plan } = chosen;
        rows.push(pendingEpicRow(accountRows[Math.floor(i / PER_ACCOUNT)]?.id ?? '', coinId, plan, product));
      }
      await db.insert(epics).values(rows);
    }
    const msToOpen = open ? await openEpics(db, paper, credentialsOf, count) : undefined;
    return { accounts: accountCount, coins: plans.length, msToOpen };
  } finally {
    await paper.close();
    await database.close();
  }
};

/** What the database holds after a run with epics: epics by status, open take-profits, orders not yet sent. */
const confirmEpics = async (env: NodeJS.ProcessEnv) => {
  const database = await openDatabase(loadConfig(env));
  try {
    const { status, takeProfits, intents } = await epicCounts(database.db);
    return (
      `${[...status].map(([name, n]) => `${name} ${n}`).join(', ')}; ` +
      `take-profit open on ${takeProfits}, intents ${intents}`
    );
  } finally {
    await database.close();
  }
};

const print = (figure: Figure) =>
  console.log(
    `${figure.way}, ${figure.start}: healthy in ${(figure.msToHealthy / 1000).toFixed(1)} s` +
      `${figure.msToOpen === undefined ? '' : `, epics active ${(figure.msToOpen / 1000).toFixed(0)} s later`}, ` +
      `idle ${idleMs / 1000} s → RSS ${figure.rss.toFixed(0)} MiB (anonymous ${figure.anon.toFixed(0)}, ` +
      `peak ${figure.peak.toFixed(0)} MiB), CPU ${(figure.cpu * 100).toFixed(0)} % of a core, load ${figure.load}` +
      `${figure.confirmed ? `\n  database: ${figure.confirmed}` : ''}`,
  );

const figures: Figure[] = [];
for (const way of Object.keys(WAYS).filter((name) => !only || name === only)) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cdca-memory-'));
  const database = `cdca_memory_${process.pid}_${figures.length}`;
  const scratch = adminUrl ? await scratchDatabase(adminUrl, database) : undefined;
  const env = {
    ...process.env,
    ...localServerEnv(port, url, dataDir),
    // Every way serves the same web build (an older checkout may have none of its own).
    WEB_DIST_DIR: join(root, 'apps/web/dist'),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  };
  const run = async (start: StartKind, openEpics = 0) => {
    const figure = await measure(way, start, env, openEpics);
    if (EPICS > 0 && start !== 'first start') figure.confirmed = await confirmEpics(env);
    figures.push(figure);
    print(figure);
  };
  try {
    await run('first start');
    if (EPICS > 0) {
      const began = performance.now();
      const seeded = await seedEpics(env, EPICS, OPEN_BY === 'bench');
      console.log(
        `seeded ${EPICS} pending epics (${seeded.accounts} accounts with a paper key, ${seeded.coins} coins)` +
          `${seeded.msToOpen === undefined ? '' : `, opened by the engine in this process in ${(seeded.msToOpen / 1000).toFixed(0)} s`}, ` +
          `in ${((performance.now() - began) / 1000).toFixed(1)} s, load ${load()}`,
      );
      if (OPEN_BY === 'server') await run(`restart, ${EPICS} epics opened by the server`, EPICS);
      await run(`restart, ${EPICS} active epics`);
      await run(`restart, ${EPICS} active epics`);
    } else {
      await run('restart');
    }
  } finally {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`\n${adminUrl ? 'PostgreSQL' : 'PGlite'}, idle ${idleMs / 1000} s after health:`);
console.log('| run | start | to healthy | idle RSS | anonymous | peak RSS | CPU | load average |');
console.log('|---|---|---:|---:|---:|---:|---:|---|');
for (const f of figures)
  console.log(
    `| ${f.way} | ${f.start} | ${(f.msToHealthy / 1000).toFixed(1)} s | ${f.rss.toFixed(0)} MiB | ` +
      `${f.anon.toFixed(0)} MiB | ${f.peak.toFixed(0)} MiB | ${(f.cpu * 100).toFixed(0)} % | ${f.load} |`,
  );
