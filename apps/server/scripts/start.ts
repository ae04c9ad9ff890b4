import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent, sourcesHash } from '../../web/scripts/build-if-stale.ts';
import { BUNDLE, bundleIsCurrent, serverSourcesHash } from './server-bundle-stamp.ts';

/**
 * `npm start`: build the web app and the server bundle if their sources changed, then become the server
 * (docs/decisions/memory.md). The server runs with:
 * - `--max-semi-space-size=16`: V8 sizes the young generation from the machine's memory (64 MB semi-spaces on a
 *   24 GB machine, 128 MB committed); 16 MB is the long-standing default and cost nothing measurable;
 * - `--heap-growing-percent=100`: the old generation is collected once it is twice what survived the last collection.
 *   Left to itself V8 lets it grow up to four times that under a high allocation rate, and keeps the freed pages
 *   resident: at 600–700 requests a second the old space swung 45 → 250 MB between collections and RSS climbed with
 *   each peak (docs/decisions/memory.md, "Under load");
 * - `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates its own arena and keeps what it freed there;
 *   V8's compiler threads (PGlite's WebAssembly is compiled on them at start) left ~45 MB resident in idle arenas;
 * - `MALLOC_MMAP_THRESHOLD_=65536`, `MALLOC_TRIM_THRESHOLD_=65536`: blocks of 64 KiB and more get pages of their own,
 *   returned when freed, and free space at the top of the heap goes back past 64 KiB. Left to itself glibc raises both
 *   thresholds after the first large block is freed, and the optimising compiler's work on PGlite's WebAssembly at
 *   start (~600 MB malloc'd at its peak) then stayed in the main heap: 77 MB of an idle PGlite server, 33 with these.
 * The process replaces itself with the server (one pid for a supervisor, no parent left holding memory).
 */
export const SERVER_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=100', '--expose-gc'];
export const SERVER_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '65536',
  MALLOC_TRIM_THRESHOLD_: '65536',
};

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs a build step in a process of its own (esbuild's service process must not outlive it into the server). */
const buildStep = (script: string) => {
  const step = spawnSync(process.execPath, [script], { cwd: root, stdio: 'inherit' });
  if (step.status !== 0) process.exit(step.status ?? 1);
};

/**
 * Both checks run here, and a build step only when its check says so: each step is a Node process of its own
 * (~0.3 s to start and load its TypeScript, esbuild's more), which a restart on unchanged sources need not pay.
 */
const run = () => {
  if (buildIsCurrent(root, sourcesHash(root)))
    console.log('web app: up to date with its sources, not rebuilt');
  else buildStep('apps/web/scripts/build-if-stale.ts');
  if (bundleIsCurrent(serverSourcesHash()))
    console.log('server bundle: up to date with its sources, not rebuilt');
  else buildStep('apps/server/scripts/build-server.ts');
  const args = [...SERVER_FLAGS, BUNDLE];
  const env = { ...process.env, ...SERVER_ENV };
  if (typeof process.execve === 'function')
    process.execve(process.execPath, [process.execPath, ...args], env);
  // Where a process cannot replace itself (Windows), run the server as a child and pass on how it ends.
  const server = spawn(process.execPath, args, { env, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
};

if (import.meta.main) run();
