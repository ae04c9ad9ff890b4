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
 * npm start builds the web app first if its sources changed; build it before (`npm run build`) for a quick run.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { localServerEnv } from '../apps/server/src/testing/local-server.ts';
import { scratchDatabase } from './bench-server.ts';

const idleMs = Number(process.argv[2] ?? 20) * 1000;
const port = Number(process.env.PORT ?? 4790);
const url = `http://127.0.0.1:${port}`;
const root = new URL('..', import.meta.url).pathname;
const adminUrl = process.env.DATABASE_URL;

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** Resident and peak resident memory in MiB, from the kernel (what the machine pays, not what V8 counts). */
const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
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

type Figure = {
  way: Way;
  start: 'first start' | 'restart';
  msToHealthy: number;
  rss: number;
  peak: number;
  load: string;
};

/** Starts the server, waits for health, leaves it idle, reads its memory and stops it gracefully. */
const measure = async (way: Way, start: Figure['start'], env: NodeJS.ProcessEnv): Promise<Figure> => {
  const began = performance.now();
  // npm start's script replaces itself with the server (process.execve), so this pid is the server's.
  const { cwd, args } = WAYS[way] ?? npmStart;
  const proc = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  while (!(await healthy())) {
    if (proc.exitCode !== null) throw new Error(`${way} exited ${proc.exitCode} before serving:\n${stderr}`);
    if (performance.now() - began > 300_000) throw new Error(`${way} not healthy in 300 s`);
    await sleep(100);
  }
  const msToHealthy = performance.now() - began;
  await sleep(idleMs);
  const memory = memoryOf(proc.pid ?? 0);
  proc.kill('SIGTERM');
  await exited(proc);
  return { way, start, msToHealthy, ...memory, load: load() };
};

const figures: Figure[] = [];
for (const way of Object.keys(WAYS).filter((name) => !process.env.ONLY || name === process.env.ONLY)) {
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
  try {
    for (const start of ['first start', 'restart'] as const) {
      const figure = await measure(way, start, env);
      figures.push(figure);
      console.log(
        `${way}, ${start}: healthy in ${(figure.msToHealthy / 1000).toFixed(1)} s, idle ${idleMs / 1000} s → ` +
          `RSS ${figure.rss.toFixed(0)} MiB (peak ${figure.peak.toFixed(0)} MiB), load ${figure.load}`,
      );
    }
  } finally {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`\n${adminUrl ? 'PostgreSQL' : 'PGlite'}, idle ${idleMs / 1000} s after health:`);
console.log('| run | start | to healthy | idle RSS | peak RSS | load average |');
console.log('|---|---|---:|---:|---:|---|');
for (const f of figures)
  console.log(
    `| ${f.way} | ${f.start} | ${(f.msToHealthy / 1000).toFixed(1)} s | ${f.rss.toFixed(0)} MiB | ${f.peak.toFixed(0)} MiB | ${f.load} |`,
  );
