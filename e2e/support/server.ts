import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localServerEnv } from '../../apps/server/src/testing/local-server.ts';

export type RunningServer = {
  url: string;
  dataDir: string;
  /** Graceful stop (SIGTERM), as a deploy would do. */
  stop: () => Promise<void>;
  /** Hard kill, as a crash would do. */
  kill: () => Promise<void>;
  restart: () => Promise<void>;
  /** Runs `npm run admin -- …` against this server's data (the server must be stopped on PGlite). */
  admin: (...args: string[]) => Promise<string>;
};

const root = new URL('../..', import.meta.url).pathname;

/** Starts the real server (`node apps/server/src/main.ts`) on its own port and data directory. */
export const startServer = async (port: number, env: Record<string, string> = {}): Promise<RunningServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cdca-e2e-'));
  const url = `http://localhost:${port}`;
  const serverEnv = {
    ...process.env,
    ...localServerEnv(port, url, dataDir),
    // Off unless a journey asks for it: a payment request modal must not interrupt journeys about something else
    // once their epics realise the free allowance. (The billing controls still run the scheduler on request.)
    BILLING_SCHEDULER: 'off',
    ...env,
  };
  let child: ChildProcess | undefined;

  const launch = async () => {
    const proc = spawn(process.execPath, ['apps/server/src/main.ts'], {
      cwd: root,
      env: serverEnv,
      stdio: 'inherit',
    });
    child = proc;
    try {
      await waitForHealth(url, proc);
    } catch (error) {
      // A server that never became healthy is nobody's to stop (the journey has no handle on it yet): left running,
      // it would hold the port and fail the next run of the journey too.
      proc.kill('SIGKILL');
      throw error;
    }
  };

  const exit = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      const proc = child;
      // A process ended by a signal (a kill, or an escalated stop) has a signalCode and no exitCode: waiting for
      // its 'exit' again would wait forever.
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return resolve();
      // A graceful stop that has not finished in a minute is treated as a crash, as a supervisor would.
      const escalate = setTimeout(() => {
        console.warn(`server on ${url} did not stop within 60 s of ${signal}; killing it`);
        proc.kill('SIGKILL');
      }, 60_000);
      proc.once('exit', () => {
        clearTimeout(escalate);
        resolve();
      });
      proc.kill(signal);
    });

  await launch();
  return {
    url,
    dataDir,
    stop: () => exit('SIGTERM'),
    kill: () => exit('SIGKILL'),
    restart: async () => {
      await exit('SIGTERM');
      await launch();
    },
    admin: (...args) => runAdmin(serverEnv, args),
  };
};

const waitForHealth = async (url: string, proc: ChildProcess) => {
  // An upper bound for a busy machine (a start is ~15 s quiet), kept below the journey's own timeout.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} was not healthy within 120 s`);
};

const runAdmin = (env: NodeJS.ProcessEnv, args: string[]) =>
  new Promise<string>((resolve, reject) => {
    const proc = spawn(process.execPath, ['apps/server/src/cli/admin.ts', ...args], { cwd: root, env });
    let output = '';
    proc.stdout.on('data', (chunk) => {
      output += chunk;
    });
    proc.stderr.on('data', (chunk) => {
      output += chunk;
    });
    proc.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`admin failed: ${output}`)),
    );
  });
