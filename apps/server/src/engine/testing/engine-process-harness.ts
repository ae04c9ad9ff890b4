import { type ChildProcess, fork } from 'node:child_process';
import type { EngineProcessReply, EngineProcessRequest } from './engine-process.ts';

const script = new URL('./engine-process.ts', import.meta.url).pathname;

type Request = EngineProcessRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

export type EngineProcess = {
  /** Opens the database and starts the app (and its engine) with these settings. */
  boot: (env: Record<string, string>) => Promise<unknown>;
  ask: <T = unknown>(request: Request) => Promise<T>;
  /** Resolves when the process is gone, with the signal that ended it (SIGKILL for a crash). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it wrote to stderr so far. */
  stderr: () => string;
  /** Ends it at once if it is still running (a test's clean-up). */
  kill: () => void;
};

/**
 * Forks the engine test entry (engine-process.ts). It loads its code at once and boots when asked, so a test can
 * fork the next process while the current one still runs.
 */
export const forkEngineProcess = (): EngineProcess => {
  const child: ChildProcess = fork(script, [], {
    env: { ...process.env, APP_ENV: 'test', LOG_LEVEL: 'silent', ENGINE: 'on' },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    // Not the test runner's loader flags: the entry runs on plain Node, as the server does.
    execArgv: [],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const loaded = new Promise<void>((resolve, reject) => {
    child.on('message', (message: EngineProcessReply) => {
      if (message.type === 'loaded') resolve();
    });
    void exited.then(() => reject(new Error(`engine process exited before loading: ${stderr}`)));
  });
  // Seen by whoever asks something; a process never asked anything may end without anyone caring.
  loaded.catch(() => undefined);
  let nextId = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  child.on('message', (message: EngineProcessReply) => {
    if (message.type !== 'reply') return;
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if ('error' in message) pending?.reject(new Error(message.error));
    else pending?.resolve(message.result);
  });
  void exited.then(() => {
    for (const pending of waiting.values()) pending.reject(new Error(`engine process exited: ${stderr}`));
    waiting.clear();
  });

  const ask = async <T>(request: Request): Promise<T> => {
    await loaded;
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: (value) => resolve(value as T), reject });
      child.send({ ...request, id });
    });
  };
  return {
    boot: (env) => ask({ type: 'boot', env }),
    ask,
    exited,
    stderr: () => stderr,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
};
