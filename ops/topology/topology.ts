import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type Balancer, startBalancer } from './balancer.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_MAIN = join(root, 'apps/server/src/main.ts');
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;

export type TopologyOptions = {
  /** The one PostgreSQL every process shares. */
  databaseUrl: string;
  /** The same key in every process: each must decrypt the secrets the others stored. */
  masterKey: string;
  /** The balancer's port; API processes take the next ones, engine workers the ones after those. */
  basePort: number;
  apiProcesses?: number;
  engineWorkers?: number;
  /** Set: realtime goes through NATS; unset: PostgreSQL LISTEN/NOTIFY. */
  natsUrl?: string | undefined;
  /** Where each process's DATA_DIR goes (one folder per process). */
  dataDir: string;
  /** Extra settings for every process (PAPER_STARTING_USD, AUTH_*, LOG_LEVEL…). */
  env?: Record<string, string>;
  /** Lines each process prints, prefixed with its name; default: to this process's stderr. */
  onLine?: (name: string, line: string) => void;
};

export type TopologyProcess = { name: string; role: 'api' | 'engine'; url: string; pid: number | undefined };

export type Topology = {
  /** Where clients go: the balancer in front of the API processes. */
  url: string;
  processes: TopologyProcess[];
  balancer: Balancer;
  /** Processes that exited since they were healthy, with their exit codes: none while the layout is sound. */
  exited: () => string[];
  stop: () => Promise<void>;
};

type Running = TopologyProcess & { child: ChildProcess; exited: Promise<number | null> };

/**
 * The production layout on one machine (docs/decisions/topology.md): API processes (ENGINE=off) behind a balancer,
 * engine workers (ENGINE=on) reachable only for their health check, all on one PostgreSQL and one event bus.
 */
export const startTopology = async (options: TopologyOptions): Promise<Topology> => {
  const { basePort, apiProcesses = 2, engineWorkers = 2 } = options;
  const publicUrl = `http://127.0.0.1:${basePort}`;
  const plan = [
    ...Array.from({ length: apiProcesses }, (_, i) => ({
      name: `api-${i + 1}`,
      role: 'api' as const,
      port: basePort + 1 + i,
    })),
    ...Array.from({ length: engineWorkers }, (_, i) => ({
      name: `engine-${i + 1}`,
      role: 'engine' as const,
      port: basePort + 1 + apiProcesses + i,
    })),
  ];
  const running: Running[] = [];
  const stop = async () => {
    await Promise.all(running.map(stopProcess));
  };
  try {
    for (const entry of plan) running.push(launch(entry, publicUrl, options));
    await Promise.all(running.map(waitHealthy));
    const backends = running.filter((process) => process.role === 'api').map((process) => process.url);
    const balancer = await startBalancer({ port: basePort, backends });
    const exited: string[] = [];
    let stopping = false;
    for (const process of running)
      void process.exited.then((code) => {
        if (!stopping) exited.push(`${process.name} (exit code ${code})`);
      });
    return {
      url: balancer.url,
      processes: running.map(({ name, role, url, pid }) => ({ name, role, url, pid })),
      balancer,
      exited: () => [...exited],
      stop: async () => {
        stopping = true;
        await balancer.close();
        await stop();
      },
    };
  } catch (err) {
    await stop();
    throw err;
  }
};

const launch = (
  { name, role, port }: { name: string; role: 'api' | 'engine'; port: number },
  publicUrl: string,
  options: TopologyOptions,
): Running => {
  const dataDir = join(options.dataDir, name);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...options.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      MASTER_KEY: options.masterKey,
      DATA_DIR: dataDir,
      // Every process names the balancer's address: tokens, links and redirects are the same whoever answers.
      PUBLIC_URL: publicUrl,
      ...(options.natsUrl ? { NATS_URL: options.natsUrl } : {}),
      ENGINE: role === 'engine' ? 'on' : 'off',
      // Only the API processes sit behind the balancer, which overwrites X-Forwarded-For.
      TRUST_PROXY: role === 'api' ? 'true' : 'false',
    },
  });
  const print = options.onLine ?? ((who: string, line: string) => process.stderr.write(`[${who}] ${line}\n`));
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => print(name, line));
  // A launcher that ends without stop() (an uncaught error, process.exit) must not leave its servers running. Only
  // a launcher killed outright (SIGKILL, a fatal out-of-memory) skips this.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      process.off('exit', killOnExit);
      resolve(code);
    }),
  );
  return { name, role, url: `http://127.0.0.1:${port}`, pid: child.pid, child, exited };
};

/** Resolves when the process answers its health check; rejects, naming it, when it exits or takes too long. */
const waitHealthy = async (process: Running) => {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void process.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`${process.name} exited with code ${exitCode} before it was healthy`);
    const answer = await fetch(`${process.url}/api/v1/health`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${process.name} was not healthy within ${READY_TIMEOUT_MS / 1000} s`);
};

/** SIGTERM (the server drains and releases its leases), then SIGKILL if it has not exited in time. */
const stopProcess = async (process: Running) => {
  if (process.child.exitCode !== null || process.child.signalCode !== null) return;
  process.child.kill('SIGTERM');
  const timer = setTimeout(() => process.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await process.exited;
  clearTimeout(timer);
};
