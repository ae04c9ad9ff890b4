/**
 * Restarts in a row (issue #19): the server is started on existing data again and again, stopped alternately by a
 * graceful SIGTERM (a deploy) and a SIGKILL (a crash), and every start must serve — listen, answer health and
 * the web app — never exit before it does (apps/server/src/startup-guard.ts). It is started as `npm start` starts
 * it (the stale-build checks, then the bundle: bench/bench-server.ts), or from its sources with `--sources`.
 * Run: npx node bench/restarts.bench.ts [restarts=50] [--sources]     (PGlite in a fresh data directory)
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/restarts.bench.ts [restarts=50]
 *      (PostgreSQL: the bench creates and drops its own database beside the one named)
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, localServerEnv } from '../apps/server/src/testing/local-server.ts';
import {
  exited,
  loadAverage,
  scratchDatabase,
  serverWayFromArgs,
  sleep,
  spawnServer,
} from './bench-server.ts';

const restarts = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 50);
const way = serverWayFromArgs(process.argv);
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const adminUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'cdca-restarts-'));
const database = adminUrl ? await scratchDatabase(adminUrl, `cdca_restarts_${process.pid}`) : undefined;

const env = {
  ...process.env,
  ...localServerEnv(port, url, dataDir),
  ...(database ? { DATABASE_URL: database.url } : {}),
};

type Start = {
  ms: number;
  /** npm start only: when its build checks were done (it printed the bundle's line) and it became the server. */
  checksMs?: number;
  served: boolean;
  exitBeforeServing: number | null;
  stopExit: number | string | null;
  /** What a start that did not serve wrote last (the start-up guard names the step it was in). */
  stderr: string;
};

/** Health, then the web app: a start serves when both answer 200. */
const serves = async () => {
  try {
    const health = await fetch(`${url}/api/v1/health`);
    if (!health.ok) return false;
    return (await fetch(`${url}/`)).ok;
  } catch {
    return false;
  }
};

const startOnce = async (hard: boolean): Promise<Start> => {
  const began = performance.now();
  let checksMs: number | undefined;
  const { proc, stderrTail } = spawnServer(way, env, (line) => {
    if (line.startsWith('server bundle:')) checksMs = performance.now() - began;
  });
  const ended = exited(proc);
  const deadline = began + 180_000;
  while (performance.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      await ended;
      return {
        ms: performance.now() - began,
        served: false,
        exitBeforeServing: proc.exitCode ?? -1,
        stopExit: null,
        stderr: stderrTail(),
      };
    }
    if (await serves()) {
      const ms = performance.now() - began;
      proc.kill(hard ? 'SIGKILL' : 'SIGTERM');
      return { ms, checksMs, served: true, exitBeforeServing: null, stopExit: await ended, stderr: '' };
    }
    await sleep(50);
  }
  proc.kill('SIGKILL');
  return {
    ms: performance.now() - began,
    served: false,
    exitBeforeServing: null,
    stopExit: await ended,
    stderr: stderrTail(),
  };
};

const checks = (start: Start) =>
  start.checksMs === undefined ? '' : ` (npm start's build checks done at ${start.checksMs.toFixed(0)} ms)`;

const percentile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

const starts: Start[] = [];
try {
  // The first start creates the data (migrations, the paper market); the rounds after it restart on that data.
  const first = await startOnce(false);
  console.log(
    `first start (${way}): ${first.ms.toFixed(0)} ms to serving${checks(first)} (served: ${first.served}), load ${loadAverage()}`,
  );
  for (let round = 0; round < restarts; round++) {
    const hard = round % 2 === 1;
    const start = await startOnce(hard);
    starts.push(start);
    const how = hard ? 'SIGKILL' : 'SIGTERM';
    console.log(
      `#${round + 1} ${start.served ? 'served' : 'FAILED'} in ${start.ms.toFixed(0)} ms${checks(start)}, then ${how} → ` +
        `${start.stopExit}, load ${loadAverage()}`,
    );
  }
} finally {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** The p50 of npm start's build checks, of the whole start: how much of a restart is npm start's, not the server's. */
const checksSummary = () => {
  const sorted = starts
    .flatMap((start) => (start.checksMs === undefined ? [] : [start.checksMs]))
    .sort((a, b) => a - b);
  return sorted.length ? `build checks p50 ${percentile(sorted, 0.5).toFixed(0)} ms; ` : '';
};
const times = starts.map((start) => start.ms).sort((a, b) => a - b);
const failed = starts.filter((start) => !start.served);
const graceful = starts.filter((_, index) => index % 2 === 0);
const uncleanStops = graceful.filter((start) => start.served && start.stopExit !== 0);
console.log(
  `\n${adminUrl ? 'PostgreSQL' : 'PGlite'}, ${way}: ${starts.length - failed.length}/${starts.length} restarts served; ` +
    `to serving p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms, ` +
    `max ${(times.at(-1) ?? Number.NaN).toFixed(0)} ms; ${checksSummary()}graceful stops not exiting 0: ${uncleanStops.length}; ` +
    `load average ${loadAverage()}`,
);
for (const start of failed)
  console.log(`failed start: exit before serving ${start.exitBeforeServing}\n${start.stderr.trim()}`);
process.exitCode = failed.length > 0 || uncleanStops.length > 0 ? 1 : 0;
