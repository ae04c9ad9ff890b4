/**
 * Soak (issue #19): the server started as `npm start` starts it (bench/bench-server.ts), driven for DURATION seconds
 * by a steady mixed load at half its measured capacity while a browser journey (bench/trader-journey.ts) runs in a
 * loop against it, realtime sockets listen and the paper engine fills epics started through the API. Target: no
 * errors, resident memory at the end within 10 % of what it was after the warm-up.
 * Run: npx node bench/soak.bench.ts                                    (PGlite in a fresh data directory)
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/soak.bench.ts
 *      (PostgreSQL: the bench creates and drops its own database beside the one named)
 * Settings: DURATION seconds of soak (600), WARMUP seconds whose end is the memory baseline (60), CALIBRATE seconds of
 * the mix at 50 connections to measure capacity (10), RATE requests/s (half the calibrated capacity), CONNECTIONS
 * of the steady load (20), SOCKETS realtime clients (4), EPIC_EVERY seconds between API-started epics (30),
 * `--sources` to run the server's sources instead of the bundle. Chromium: CHROMIUM_PATH (/usr/bin/chromium).
 * Failed journeys leave a screenshot in /tmp/pw-soak. Figures and how to read them: bench/README.md, "Soak".
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  REALTIME_PROTOCOL,
  REALTIME_TOKEN_PROTOCOL_PREFIX,
  type TEpicInputs,
  type TEpicList,
  type TPlanPreview,
  type TRealtimeMessage,
} from '@cdca/contracts';
import autocannon from 'autocannon';
import { type Browser, chromium } from 'playwright-core';
import WebSocket from 'ws';
import { EMBEDDED_CLIENT_ID } from '../apps/server/src/config.ts';
import { freePort, localServerEnv } from '../apps/server/src/testing/local-server.ts';
import { uniqueEmail } from '../e2e/support/people.ts';
import {
  exited,
  loadAverage,
  residentMiB,
  scratchDatabase,
  serverWayFromArgs,
  sleep,
  spawnServer,
} from './bench-server.ts';
import { journey, onboard, type Session, sessionOf } from './trader-journey.ts';

const DURATION = Number(process.env.DURATION ?? 600);
const WARMUP = Number(process.env.WARMUP ?? 60);
const CALIBRATE = Number(process.env.CALIBRATE ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const SOCKETS = Number(process.env.SOCKETS ?? 4);
const EPIC_EVERY = Number(process.env.EPIC_EVERY ?? 30);
const SEGMENT = 60;
const OUTPUT = '/tmp/pw-soak';
const way = serverWayFromArgs(process.argv);
const adminUrl = process.env.DATABASE_URL;
const databaseName = adminUrl ? 'PostgreSQL' : 'PGlite';

/** A small ladder whose first level fills at once (a marketable limit) and whose others the paper walk reaches. */
const LADDER: TEpicInputs = {
  budget: '200.00',
  dcaLevels: 4,
  scaling: 'quadratic',
  load: 'back',
  direction: 'below',
  buySpread: '1',
  sellSpread: '2',
  stopSpread: null,
};

// ---- the server -------------------------------------------------------------------------------------------------

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'cdca-soak-'));
const database = adminUrl ? await scratchDatabase(adminUrl, `cdca_soak_${process.pid}`) : undefined;
const serverEnv = {
  ...process.env,
  ...localServerEnv(port, url, dataDir),
  // One client address sends everything: the per-account, per-address and sign-up limits would answer 429 to a
  // load that is meant to measure the server, not its limits (bench/http-reads.bench.ts raises the first too).
  API_REQUESTS_PER_MINUTE: '1000000',
  API_ANONYMOUS_REQUESTS_PER_MINUTE: '1000000',
  SIGN_UPS_PER_IP_PER_HOUR: '100000',
  ...(database ? { DATABASE_URL: database.url } : {}),
};

/** The server's log at `warn` and above (localServerEnv): every line is kept as evidence, errors counted. */
const log = { warnings: 0, errors: 0, first: [] as string[] };
const onLog = (line: string) => {
  const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 0);
  if (level >= 50) log.errors += 1;
  else if (level >= 40) log.warnings += 1;
  if (level >= 40 && log.first.length < 20) log.first.push(line.slice(0, 600));
};

const startServer = async () => {
  const began = performance.now();
  const server = spawnServer(way, serverEnv, onLog);
  while (performance.now() - began < 600_000) {
    if (server.proc.exitCode !== null)
      throw new Error(`server exited before serving:\n${server.stderrTail()}`);
    const health = await fetch(`${url}/api/v1/health`).catch(() => undefined);
    if (health?.ok) return { ...server, ms: performance.now() - began };
    await sleep(200);
  }
  throw new Error('server not healthy in 600 s');
};

// ---- the load trader's session and the coins it trades ------------------------------------------------------------

let session: Session;

/** The refresh_token grant, as the SPA's silent renew does it (access tokens live 15 minutes). */
const refreshSession = async () => {
  const response = await fetch(`${url}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: EMBEDDED_CLIENT_ID,
      grant_type: 'refresh_token',
      refresh_token: session.refreshToken,
    }),
  });
  const body = (await response.json()) as { access_token?: string; refresh_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`refresh → ${response.status}`);
  session = {
    ...session,
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? session.refreshToken,
  };
};

const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
  const response = await fetch(`${url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
};

/** Coins whose plan for LADDER previews without problems (the exchange minimum rules some out). */
const tradableCoins = async (wanted: number) => {
  const { coins } = await api<{ coins: { id: string; symbol: string }[] }>('/coins?limit=50');
  const found: { id: string; symbol: string }[] = [];
  const problems = new Set<string>();
  for (const coin of coins) {
    const preview = await api<TPlanPreview>('/epics/preview', {
      method: 'POST',
      body: { coinId: coin.id, inputs: LADDER },
    });
    if (preview.ok) found.push(coin);
    else for (const problem of preview.problems) problems.add(problem.code);
    if (found.length === wanted) break;
  }
  if (found.length === 0)
    throw new Error(`no coin previews LADDER without problems: ${[...problems].join(', ')}`);
  return found;
};

// ---- the mixed load -------------------------------------------------------------------------------------------------

/** One round of what a trader's screens and a visitor ask for; autocannon sends each connection round it in turn. */
const mix = (coinId: string): autocannon.Request[] => {
  const auth = { authorization: `Bearer ${session.accessToken}` };
  return [
    { method: 'GET', path: '/api/v1/coins?limit=50', headers: auth },
    { method: 'GET', path: `/api/v1/accounts/${session.sub}`, headers: auth },
    { method: 'GET', path: '/api/v1/top-movers', headers: auth },
    { method: 'GET', path: '/api/v1/epics', headers: auth },
    {
      method: 'POST',
      path: '/api/v1/epics/preview',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ coinId, inputs: LADDER }),
    },
    { method: 'GET', path: '/' },
    { method: 'GET', path: '/api/v1/health' },
  ];
};

/** Each request of the mix on its own for 3 s at 10 connections: what the mix's capacity is made of. */
const eachAlone = async (coinId: string) => {
  for (const request of mix(coinId)) {
    const alone = await runLoad(3, coinId, undefined, 10, [request]);
    console.log(
      `  ${request.method} ${request.path}: ${alone.result.requests.average.toFixed(0)} req/s alone at 10 connections, ` +
        `p99 ${alone.result.latency.p99} ms, codes ${JSON.stringify(alone.codes)}`,
    );
  }
};

type Segment = {
  second: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  codes: Record<string, number>;
  rss: number;
  load: string;
};

const runLoad = async (
  seconds: number,
  coinId: string,
  rate?: number,
  connections = CONNECTIONS,
  requests = mix(coinId),
) => {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests,
    ...(rate ? { overallRate: rate } : {}),
  });
  const codes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) codes[code] = stat.count ?? 0;
  return { result, codes };
};

// ---- realtime listeners -----------------------------------------------------------------------------------------------

const realtime = {
  messages: 0,
  byEvent: {} as Record<string, number>,
  opened: 0,
  expiredCloses: 0,
  unexpectedCloses: [] as string[],
  errors: [] as string[],
};
let stopping = false;

/** A socket of the load trader's; closed for an expired token it comes back with the current one. */
const listen = () => {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/api/v1/cdca-ws`, [
    REALTIME_PROTOCOL,
    `${REALTIME_TOKEN_PROTOCOL_PREFIX}${session.accessToken}`,
  ]);
  socket.on('open', () => {
    realtime.opened += 1;
  });
  socket.on('message', (data) => {
    realtime.messages += 1;
    const { routingKey } = JSON.parse(data.toString()) as TRealtimeMessage;
    realtime.byEvent[routingKey] = (realtime.byEvent[routingKey] ?? 0) + 1;
  });
  socket.on('error', (error) => realtime.errors.push(error.message));
  socket.on('close', (code, reason) => {
    if (stopping) return;
    if (code === 4401) realtime.expiredCloses += 1;
    else realtime.unexpectedCloses.push(`${code} ${reason.toString()}`);
    setTimeout(listen, 1000);
  });
  return socket;
};

// ---- the journey loop and the epics ----------------------------------------------------------------------------------

const journeys = { passed: 0, failed: 0, failures: [] as string[], seconds: [] as number[] };

const journeyLoop = async (browser: Browser, coinIds: string[]) => {
  for (let run = 1; !stopping; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const began = performance.now();
    try {
      const coinId = coinIds[run % coinIds.length] ?? '';
      await journey(page, url, uniqueEmail(`soak-${run}`), { coinId, inputs: LADDER });
      journeys.passed += 1;
      journeys.seconds.push((performance.now() - began) / 1000);
    } catch (error) {
      journeys.failed += 1;
      const message =
        error instanceof Error ? error.message.split('\n').slice(0, 3).join(' / ') : String(error);
      journeys.failures.push(`#${run}: ${message}`);
      await page.screenshot({ path: join(OUTPUT, `journey-${run}.png`) }).catch(() => {});
    } finally {
      await context.close();
    }
  }
};

const epics = { created: 0, failures: [] as string[], inFlight: new Set<Promise<void>>() };

/** What the paper engine made of the load trader's epics: how many in each status, levels bought in all. */
const epicsOfLoadTrader = async () => {
  const { epics: list } = await api<TEpicList>('/epics?limit=200');
  const byStatus: Record<string, number> = {};
  for (const epic of list) byStatus[epic.status] = (byStatus[epic.status] ?? 0) + 1;
  const levels = list.reduce((sum, epic) => sum + epic.activeDcaLevel, 0);
  return `${list.length} epics ${JSON.stringify(byStatus)}, ${levels} levels bought`;
};

const startEpics = (coinIds: string[]) =>
  setInterval(() => {
    const coinId = coinIds[epics.created % coinIds.length] ?? '';
    const creation = api('/epics', { method: 'POST', body: { coinId, inputs: LADDER } })
      .then(() => {
        epics.created += 1;
      })
      .catch((error: Error) => {
        epics.failures.push(error.message);
      })
      .finally(() => epics.inFlight.delete(creation));
    epics.inFlight.add(creation);
  }, EPIC_EVERY * 1000);

// ---- memory -------------------------------------------------------------------------------------------------------------

type Sample = { second: number; rss: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** The median of the ten samples up to `second`: one second's figure moves with each collection. */
const rssAt = (samples: Sample[], second: number) =>
  median(samples.filter((s) => s.second > second - 10 && s.second <= second).map((s) => s.rss));

/** Least-squares slope of RSS after the warm-up, in MiB per minute: a leak climbs steadily, a cache levels off. */
const slopePerMinute = (samples: Sample[]) => {
  const n = samples.length;
  if (n < 2) return Number.NaN;
  const mx = samples.reduce((sum, s) => sum + s.second, 0) / n;
  const my = samples.reduce((sum, s) => sum + s.rss, 0) / n;
  const num = samples.reduce((sum, s) => sum + (s.second - mx) * (s.rss - my), 0);
  const den = samples.reduce((sum, s) => sum + (s.second - mx) ** 2, 0);
  return (num / den) * 60;
};

// ---- the run --------------------------------------------------------------------------------------------------------------

mkdirSync(OUTPUT, { recursive: true });
const loadAtStart = loadAverage();
const server = await startServer();
const pid = server.proc.pid ?? 0;
console.log(
  `${databaseName}, ${way}: healthy in ${(server.ms / 1000).toFixed(1)} s (pid ${pid}, RSS ${residentMiB(pid).toFixed(0)} MiB), load ${loadAverage()}`,
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const sockets: WebSocket[] = [];
const segments: Segment[] = [];
const samples: Sample[] = [];
let capacity = 0;
let rate = 0;
let stopExit: number | string = 'not stopped';
let engineWork = '';
try {
  // The load trader: onboarded through the browser like any trader, its tokens taken from the page.
  const setup = await browser.newPage();
  await onboard(setup, url, uniqueEmail('soak-load'));
  session = await sessionOf(setup);
  await setup.close();
  const coins = await tradableCoins(5);
  const coinIds = coins.map((coin) => coin.id);
  const firstCoin = coinIds[0] ?? '';
  console.log(`load trader ready; coins for epics: ${coins.map((coin) => coin.symbol).join(', ')}`);

  // Each request of the mix alone first (what the mix's capacity is made of), then the mix.
  await eachAlone(firstCoin);
  const calibration = await runLoad(CALIBRATE, firstCoin, undefined, 50);
  capacity = calibration.result.requests.average;
  rate = Number(process.env.RATE ?? Math.round(capacity / 2));
  console.log(
    `capacity of the mix: ${capacity.toFixed(0)} req/s at 50 connections (p99 ${calibration.result.latency.p99} ms, ` +
      `codes ${JSON.stringify(calibration.codes)}); soak at ${rate} req/s over ${CONNECTIONS} connections, load ${loadAverage()}`,
  );

  const began = performance.now();
  const elapsed = () => (performance.now() - began) / 1000;
  const sampler = setInterval(() => samples.push({ second: elapsed(), rss: residentMiB(pid) }), 1000);
  for (let index = 0; index < SOCKETS; index += 1) sockets.push(listen());
  const epicTimer = startEpics(coinIds);
  const refresher = setInterval(
    () => refreshSession().catch((error: Error) => epics.failures.push(error.message)),
    300_000,
  );
  const journeyDone = journeyLoop(browser, coinIds);

  while (elapsed() < DURATION - 1) {
    const seconds = Math.min(SEGMENT, Math.round(DURATION - elapsed()));
    const { result, codes } = await runLoad(seconds, firstCoin, rate);
    const segment: Segment = {
      second: Math.round(elapsed()),
      requests: result.requests.total,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      codes,
      rss: residentMiB(pid),
      load: loadAverage(),
    };
    segments.push(segment);
    console.log(
      `${segment.second} s: ${segment.requests} requests (${segment.rps.toFixed(0)}/s, p50 ${segment.p50} ms, p99 ${segment.p99} ms), ` +
        `non-2xx ${segment.non2xx}, errors ${segment.errors}; journeys ${journeys.passed} passed ${journeys.failed} failed; ` +
        `epics ${epics.created}; RSS ${segment.rss.toFixed(0)} MiB; load ${segment.load}`,
    );
  }
  stopping = true;
  clearInterval(epicTimer);
  // An epic asked for just before the end is counted once its answer is in, and then listed.
  await Promise.all(epics.inFlight);
  engineWork = await epicsOfLoadTrader();
  clearInterval(refresher);
  await journeyDone;
  clearInterval(sampler);
  // Again at the end, once the journeys are done: the load trader's epics have grown from none to about twenty since
  // the calibration, and the list of them is one request of every round.
  console.log(`each request of the mix alone at the end, the load trader holding ${epics.created} epics:`);
  await eachAlone(firstCoin);
  for (const socket of sockets) socket.close();
} finally {
  stopping = true;
  await browser.close().catch(() => {});
  server.proc.kill('SIGTERM');
  stopExit = await exited(server.proc);
}

writeFileSync(
  join(OUTPUT, `rss-${databaseName}.csv`),
  `second,rss_mib\n${samples.map((s) => `${s.second.toFixed(1)},${s.rss.toFixed(1)}`).join('\n')}\n`,
);
const afterWarmup = rssAt(samples, WARMUP);
const atEnd = rssAt(samples, samples.at(-1)?.second ?? DURATION);
const growth = ((atEnd - afterWarmup) / afterWarmup) * 100;
const peak = Math.max(...samples.map((s) => s.rss));
const slope = slopePerMinute(samples.filter((s) => s.second >= WARMUP));
const total = (pick: (s: Segment) => number) => segments.reduce((sum, s) => sum + pick(s), 0);
const codes: Record<string, number> = {};
for (const s of segments)
  for (const [code, count] of Object.entries(s.codes)) codes[code] = (codes[code] ?? 0) + count;

console.log(
  `\nSoak on ${databaseName} (${way}), ${DURATION} s, load average at start ${loadAtStart}, at end ${loadAverage()}`,
);
console.log(
  `load: ${total((s) => s.requests)} requests at ${rate} req/s (half of ${capacity.toFixed(0)}), status codes ${JSON.stringify(codes)}, ` +
    `non-2xx ${total((s) => s.non2xx)}, socket errors ${total((s) => s.errors)} (timeouts ${total((s) => s.timeouts)}), ` +
    `worst segment p99 ${Math.max(...segments.map((s) => s.p99))} ms`,
);
const journeyMedian = median(journeys.seconds);
console.log(
  `journeys: ${journeys.passed} passed, ${journeys.failed} failed (median ${journeyMedian.toFixed(1)} s)${journeys.failures.map((f) => `\n  ${f}`).join('')}`,
);
console.log(
  `realtime: ${SOCKETS} sockets, ${realtime.opened} opens, ${realtime.messages} messages ${JSON.stringify(realtime.byEvent)}, ` +
    `token-expiry closes ${realtime.expiredCloses}, unexpected closes ${realtime.unexpectedCloses.length}, errors ${realtime.errors.length}` +
    `${[...realtime.unexpectedCloses, ...realtime.errors]
      .slice(0, 5)
      .map((e) => `\n  ${e}`)
      .join('')}`,
);
console.log(
  `epics through the API: ${epics.created} created, ${epics.failures.length} failed${epics.failures
    .slice(0, 5)
    .map((f) => `\n  ${f}`)
    .join('')}; the load trader's at the end: ${engineWork}`,
);
console.log(
  `server log: ${log.errors} errors, ${log.warnings} warnings${log.first.map((line) => `\n  ${line}`).join('')}`,
);
console.log(`server stop (SIGTERM): ${stopExit}`);
console.log(
  `RSS: after warm-up (${WARMUP} s) ${afterWarmup.toFixed(0)} MiB, at end ${atEnd.toFixed(0)} MiB, growth ${growth.toFixed(1)} % ` +
    `(target ≤ 10 %), peak ${peak.toFixed(0)} MiB, slope after warm-up ${slope.toFixed(2)} MiB/min; samples in ${OUTPUT}/rss-${databaseName}.csv`,
);

await database?.drop();
rmSync(dataDir, { recursive: true, force: true });
const failedChecks = [
  total((s) => s.non2xx + s.errors) > 0,
  journeys.failed > 0,
  realtime.unexpectedCloses.length + realtime.errors.length > 0,
  epics.failures.length > 0,
  log.errors > 0,
  stopExit !== 0,
  !(growth <= 10),
];
process.exitCode = failedChecks.some(Boolean) ? 1 : 0;
