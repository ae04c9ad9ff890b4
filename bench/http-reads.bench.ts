/**
 * HTTP reads against the framework's limit (issue #19): a minimal Fastify hello-world and the product server, each
 * in its own process, loaded in turn by autocannon from this one, so the ratio is taken in one run on one machine.
 * Run: npx node bench/http-reads.bench.ts                  PGlite (a fresh in-memory clone of the migrated schema)
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/http-reads.bench.ts     PostgreSQL
 * Settings: DURATION seconds per measurement (10), WARMUP seconds before each (2), CONNECTIONS (50), ROUNDS of
 * hello → same bytes → coins → account interleaved (1; the median is printed when more), PORT of the hello-world
 * (4310; the product takes the next, the same-bytes server the one after), LOG_LEVEL of the product (silent, as in
 * tests; `info` logs two lines per request as the server does in production, to /dev/null), PRODUCT_FLAGS (Node
 * flags for the product, e.g. `--liftoff-only`). Figures and their history: bench/README.md, "HTTP reads".
 *
 * The product is the real app (buildTestApp: paper venue in memory, market synced at start) with a trader signed up
 * through the embedded identity provider, as every server test does; its per-account limit is raised so the load is
 * not answered with 429s.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type RouteHandlerMethod } from 'fastify';

const role = process.argv[2];
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 2);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 1);
const PORT = Number(process.env.PORT ?? 4310);
const LOG_LEVEL = process.env.LOG_LEVEL;
/** Node flags for the product's process only (`PRODUCT_FLAGS=--liftoff-only`), which NODE_OPTIONS may not carry. */
const PRODUCT_FLAGS = (process.env.PRODUCT_FLAGS ?? '').split(' ').filter(Boolean);

type Trader = { token: string; sub: string };
type Ready = { port: number; traders?: Trader[] };

/**
 * Over the IPC channel when this bench started the process (its standard output is then the product's log, thrown
 * away as a log collector would take it); on standard output when started by hand (under `node --cpu-prof`, say).
 */
const announce = (ready: Ready) => {
  if (process.send) process.send({ ready });
  else process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
};

/** A bare Fastify answering `/` with `answer`, and nothing else. */
const serveBare = async (port: number, answer: RouteHandlerMethod) => {
  const app = Fastify();
  app.get('/', answer);
  await app.listen({ port, host: '127.0.0.1' });
  announce({ port });
};

const serveHello = (port: number) => serveBare(port, async () => ({ hello: 'world' }));

/**
 * The exact bytes of the product's catalogue answer (in BYTES_FILE), from memory: what sending that much JSON costs
 * with nothing else, the ceiling a cached read can approach on this machine.
 */
const serveBytes = (port: number) => {
  const body = readFileSync(process.env.BYTES_FILE ?? '');
  return serveBare(port, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
};

const serveProduct = async (port: number) => {
  const { buildTestApp } = await import('../apps/server/src/testing/test-app.ts');
  const { newTrader } = await import('../apps/server/src/testing/traders.ts');
  const t = await buildTestApp({
    env: { API_REQUESTS_PER_MINUTE: '1000000', ...(LOG_LEVEL ? { LOG_LEVEL } : {}) },
  });
  // A trader of its own for each signed-in measurement: on a quiet machine one warm-up and run (12 s at 40,000
  // req/s) nears the most a minute allows (1,000,000), and 429s, cheap to send, would inflate the figure.
  const traders: Trader[] = [];
  // Plus one whose only request fetches the catalogue's bytes for the `bytes` server.
  for (let i = 0; i < 2 * ROUNDS + 1; i += 1) {
    const trader = await newTrader(t, `bench-${i}@example.test`, 'active');
    traders.push({ token: trader.accessToken, sub: trader.sub });
  }
  await t.app.listen({ port, host: '127.0.0.1' });
  // Exiting (not dying) on SIGTERM lets `node --cpu-prof` write its profile when the run stops this process.
  process.once('SIGTERM', () => process.exit(0));
  announce({ port, traders });
};

/** Starts this file in `role` as a child process and waits for it to say it is ready. */
const startChild = (childRole: string, port: number, env: NodeJS.ProcessEnv = {}) =>
  new Promise<{ ready: Ready; stop: () => void }>((resolve, reject) => {
    const flags = childRole === 'product' ? PRODUCT_FLAGS : [];
    const child = spawn(process.execPath, [...flags, process.argv[1] ?? '', childRole, String(port)], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, ...env },
    });
    child.once('exit', (code) => reject(new Error(`${childRole} exited (${code}) before it was ready`)));
    child.once('message', (message: { ready: Ready }) => {
      child.disconnect();
      resolve({ ready: message.ready, stop: () => child.kill('SIGTERM') });
    });
  });

type Figures = { rps: number; p99: number; errors: number };

const load = async (url: string, seconds: number, headers: Record<string, string> = {}): Promise<Figures> => {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
};

const measure = async (url: string, headers?: Record<string, string>) => {
  if (WARMUP > 0) await load(url, WARMUP, headers);
  return load(url, DURATION, headers);
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const orchestrate = async () => {
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const loadBefore = (await loadAverage()).trim();
  const hello = await startChild('hello', PORT);
  const product = await startChild('product', PORT + 1);
  const traders = [...(product.ready.traders ?? [])];
  if (traders.length < 2 * ROUNDS + 1) throw new Error('the product server did not hand out its traders');
  /** The next unused trader: its URL part and headers. */
  const nextTrader = () => {
    const { token, sub } = traders.shift() as Trader;
    return { sub, headers: { authorization: `Bearer ${token}` } };
  };
  const base = `http://127.0.0.1:${product.ready.port}/api/v1`;
  const catalogue = await fetch(`${base}/coins?limit=50`, { headers: nextTrader().headers });
  const bytesDir = mkdtempSync(join(tmpdir(), 'cdca-reads-'));
  const bytesFile = join(bytesDir, 'coins.json');
  writeFileSync(bytesFile, Buffer.from(await catalogue.arrayBuffer()));
  const bytes = await startChild('bytes', PORT + 2, { BYTES_FILE: bytesFile });
  const targets = [
    { name: 'hello-world', request: () => ({ url: `http://127.0.0.1:${hello.ready.port}/`, headers: {} }) },
    {
      name: `Fastify, the same ${(statSync(bytesFile).size / 1024).toFixed(1)} KB of coins JSON from memory`,
      request: () => ({ url: `http://127.0.0.1:${bytes.ready.port}/`, headers: {} }),
    },
    {
      name: 'GET /api/v1/coins?limit=50',
      request: () => ({ url: `${base}/coins?limit=50`, headers: nextTrader().headers }),
    },
    {
      name: 'GET /api/v1/accounts/{sub}',
      request: () => {
        const { sub, headers } = nextTrader();
        return { url: `${base}/accounts/${sub}`, headers };
      },
    },
  ];
  const runs = new Map<string, Figures[]>(targets.map((target) => [target.name, []]));
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const target of targets) {
        const { url, headers } = target.request();
        const figures = await measure(url, headers);
        runs.get(target.name)?.push(figures);
        console.error(
          `round ${round} ${target.name}: ${figures.rps.toFixed(0)} req/s, p99 ${figures.p99} ms`,
        );
      }
    }
  } finally {
    hello.stop();
    product.stop();
    bytes.stop();
    rmSync(bytesDir, { recursive: true, force: true });
  }
  const summary = (name: string) => {
    const figures = runs.get(name) ?? [];
    return {
      rps: median(figures.map((f) => f.rps)),
      p99: median(figures.map((f) => f.p99)),
      errors: figures.reduce((sum, f) => sum + f.errors, 0),
    };
  };
  const base100 = summary('hello-world').rps;
  console.log(
    `\nHTTP reads on ${database}: ${CONNECTIONS} connections, ${DURATION} s per run (+${WARMUP} s warm-up), ` +
      `${ROUNDS} round(s), product log level ${LOG_LEVEL ?? 'silent'}` +
      `${PRODUCT_FLAGS.length ? `, product flags ${PRODUCT_FLAGS.join(' ')}` : ''}; load average before ${loadBefore}, after ${(await loadAverage()).trim()}`,
  );
  console.log('| target | req/s | p99 | of hello-world | errors |\n|---|---:|---:|---:|---:|');
  for (const { name } of targets) {
    const { rps, p99, errors } = summary(name);
    const ratio = `${((rps / base100) * 100).toFixed(1)} %`;
    console.log(`| ${name} | ${rps.toFixed(0)} | ${p99} ms | ${ratio} | ${errors} |`);
  }
};

const loadAverage = async () => {
  const { readFile } = await import('node:fs/promises');
  return readFile('/proc/loadavg', 'utf8').catch(() => 'n/a');
};

if (role === 'hello') await serveHello(Number(process.argv[3]));
else if (role === 'bytes') await serveBytes(Number(process.argv[3]));
else if (role === 'product') await serveProduct(Number(process.argv[3]));
else await orchestrate();
