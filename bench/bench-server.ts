/**
 * The product server as the benches that run it whole start it (restarts, soak): `npm start`'s script
 * (apps/server/scripts/start.ts: the web build and the server bundle if their sources changed, then the bundle with
 * its flags, docs/decisions/memory.md) or, with `sources`, `node apps/server/src/main.ts` as tests run it.
 * npm start's script replaces itself with the server (process.execve), so the child's pid is the server's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';

export type ServerWay = 'npm start' | 'sources';

const root = new URL('..', import.meta.url).pathname;
const SCRIPT: Record<ServerWay, string> = {
  'npm start': 'apps/server/scripts/start.ts',
  sources: 'apps/server/src/main.ts',
};

/** `--sources` on the command line runs the sources; otherwise the bundle, as `npm start` does. */
export const serverWayFromArgs = (args: readonly string[]): ServerWay =>
  args.includes('--sources') ? 'sources' : 'npm start';

/** Starts the server; its standard output (the log) is handed to `onLog` line by line when given, else dropped. */
export const spawnServer = (
  way: ServerWay,
  env: NodeJS.ProcessEnv,
  onLog?: (line: string) => void,
): { proc: ChildProcess; stderrTail: () => string } => {
  const proc = spawn(process.execPath, [SCRIPT[way]], {
    cwd: root,
    env,
    stdio: ['ignore', onLog ? 'pipe' : 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  if (onLog) {
    let partial = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onLog(line);
    });
  }
  return { proc, stderrTail: () => stderr };
};

/** How a process ended: its exit code, or the signal that ended it. */
export const exited = (proc: ChildProcess) =>
  new Promise<number | string>((resolve) => {
    if (proc.exitCode !== null) return resolve(proc.exitCode);
    if (proc.signalCode !== null) return resolve(proc.signalCode);
    proc.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** Resident memory in MiB from the kernel (what the machine pays, not what V8 counts); NaN once the process is gone. */
export const residentMiB = (pid: number) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
};

const admin = async (adminUrl: string, statement: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

/** A database of the bench's own beside the one DATABASE_URL names: its URL, and how to drop it afterwards. */
export const scratchDatabase = async (adminUrl: string, name: string) => {
  await admin(adminUrl, `create database ${name}`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: () => admin(adminUrl, `drop database if exists ${name} with (force)`),
  };
};
