/**
 * The multi-process topology under load (issue #19, docs/decisions/topology.md): `ops/topology` starts 2 API processes
 * (ENGINE=off) behind the balancer and 2 engine workers on one fresh PostgreSQL database; this process opens CLIENTS
 * WebSocket clients spread over both API processes, creates EPICS epics through the API, waits until every one is
 * open, then moves the paper price of SOL-USD down in a burst through every epic's level 2 and waits until every
 * epic has booked that fill and re-placed its take-profit. Run once per bus: PostgreSQL LISTEN/NOTIFY, then NATS.
 *
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/topology.bench.ts
 * Settings: CLIENTS (10000), EPICS (10000), EPICS_PER_ACCOUNT (10), BUS (postgres, nats or both: both), NATS_URL
 * (nats://127.0.0.1:4222), BASE_PORT (4500: balancer, then API and engine processes, the issuer at +90),
 * VIA (direct: clients connect to the API processes in turn; balancer: through it), LIMIT_SECONDS per phase (900).
 *
 * Identity: the servers trust an external issuer this bench serves (AUTH_DOMAIN, as with Auth0), so it can mint a
 * token per client. Accounts are inserted in bulk, one per client; the first EPICS / EPICS_PER_ACCOUNT connect a
 * paper key through the API (`POST /paper/keys`, `/exchange-keys`) and get their epics inserted in bulk as
 * `POST /epics` saves them (pending, the plan `POST /epics/preview` gives, a position each), as engine-throughput
 * does. Each key is held to the venue's request rate (24/s for paper, as Coinbase's 30/s less a margin), so epics
 * per account bound how fast one account's epics can move: 10 a key by default.
 *
 * Accounting, from a subscriber of the same bus in this process (the observer): a start marker is published once
 * every client is connected and an end marker once every epic settled. Between them each client must receive every
 * public event and every event addressed to its account exactly once: lost = expected − received, duplicates =
 * received − expected, per client and event. Except a price tick (coin.updated) an API process replaced, while it
 * waited, by a newer tick of the same coin: one the client did not get but got a later tick of that coin for is
 * counted as superseded, not lost; and a tick arriving after a newer one of its coin is counted as stale. Delay:
 * from the observer receiving an event to a client receiving it (so it leaves out the bus's own latency, which the
 * observer shares with the API processes; 0 when a client got the event before the observer). Orders: an open order per epic slot at most, and every open venue order is one
 * the engine booked.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TEpicInputs, type TEpicPlan, type TRealtimeMessage, ZPlanPreview } from '@cdca/contracts';
import { CATALOGUE, createPosition, listedProduct } from '@cdca/engine';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { pino } from 'pino';
import { WebSocket } from 'ws';
import type { Database } from '../apps/server/src/db/client.ts';
import { accounts } from '../apps/server/src/db/schema.ts';
import { threeLevelsBelow } from '../apps/server/src/engine/testing/engine-assertions.ts';
import { epics } from '../apps/server/src/modules/epics/epics.schema.ts';
import type { EventBus } from '../apps/server/src/realtime/event-bus.ts';
import { createNatsBus } from '../apps/server/src/realtime/nats-bus.ts';
import { createPostgresBus } from '../apps/server/src/realtime/postgres-bus.ts';
import { createTestDatabase } from '../apps/server/src/testing/test-database.ts';
import { startTopology, type Topology } from '../ops/topology/topology.ts';

const CLIENTS = Number(process.env.CLIENTS ?? 10_000);
const EPICS = Number(process.env.EPICS ?? 10_000);
const PER_ACCOUNT = Number(process.env.EPICS_PER_ACCOUNT ?? 10);
const BUSES = (process.env.BUS ?? 'both') === 'both' ? ['postgres', 'nats'] : [process.env.BUS ?? 'postgres'];
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const BASE_PORT = Number(process.env.BASE_PORT ?? 4500);
const VIA = process.env.VIA ?? 'direct';
const LIMIT_MS = Number(process.env.LIMIT_SECONDS ?? 900) * 1000;
const ISSUER_PORT = BASE_PORT + 90;
const ISSUER = `http://127.0.0.1:${ISSUER_PORT}`;
const AUDIENCE = 'cdca-topology-bench';
const PRODUCT = 'SOL-USD';
const KEY_HOLDERS = Math.ceil(EPICS / PER_ACCOUNT);
// The engine tests' epic: three levels 5 % apart below the ask, take-profit 3 % over the average.
const INPUTS: TEpicInputs = threeLevelsBelow();

if (!process.env.DATABASE_URL) throw new Error('The topology runs on PostgreSQL: set DATABASE_URL.');
if (CLIENTS < KEY_HOLDERS)
  throw new Error(`CLIENTS must be at least the ${KEY_HOLDERS} accounts holding epics`);

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Runs `task` over `items` with at most `limit` at once. */
const pool = async <T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
) => {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
};

/** Polls `done` every second until it holds or the phase's limit passes; answers whether it held. */
const until = async (done: () => Promise<boolean>) => {
  const deadline = Date.now() + LIMIT_MS;
  while (Date.now() < deadline) {
    if (await done()) return true;
    await sleep(1_000);
  }
  return false;
};

// --- the identity provider the servers trust ---------------------------------------------------------------------
const { publicKey, privateKey } = await generateKeyPair('ES256');
const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'ES256', use: 'sig' };
const issuer = createServer((request, response) => {
  response.writeHead(request.url === '/jwks' ? 200 : 404, { 'content-type': 'application/json' });
  response.end(request.url === '/jwks' ? JSON.stringify({ keys: [jwk] }) : '{}');
});
await new Promise<void>((resolve) => issuer.listen(ISSUER_PORT, '127.0.0.1', resolve));
const mint = (sub: string) =>
  new SignJWT({ email: `${sub.replace('|', '-')}@example.test` })
    .setProtectedHeader({ alg: 'ES256', kid: 'bench' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('4h')
    .sign(privateKey);
const tokens: string[] = [];
for (let i = 0; i < CLIENTS; i++) tokens.push(await mint(`bench|${i}`));
const ownerToken = await mint('bench|owner');

let stopOnSignal: () => void = () => process.exit(130);
process.once('SIGINT', () => stopOnSignal());
process.once('SIGTERM', () => stopOnSignal());

// --- one run --------------------------------------------------------------------------------------------------------
/**
 * What a client received between the markers: the event ids in arrival order, 4 bytes each outside V8's heap. With
 * 10,000 clients an hour-long run delivers hundreds of millions of events; kept as arrays of numbers with their
 * arrival times, they ran the bench out of its 4 GB heap (bench/README.md, Topology, third pass).
 */
class IdLog {
  ids = new Uint32Array(1024);
  length = 0;
  push(id: number) {
    if (this.length === this.ids.length) {
      const grown = new Uint32Array(this.ids.length * 2);
      grown.set(this.ids);
      this.ids = grown;
    }
    this.ids[this.length++] = id;
  }
  *[Symbol.iterator]() {
    for (let i = 0; i < this.length; i++) yield this.ids[i] ?? 0;
  }
}

/** Delays in whole milliseconds, counted per millisecond up to 10 minutes (the last bucket holds the rest). */
class DelayHistogram {
  counts = new Uint32Array(600_001);
  total = 0;
  max = 0;
  add(ms: number) {
    const bucket = Math.min(this.counts.length - 1, Math.max(0, Math.round(ms)));
    this.counts[bucket] = (this.counts[bucket] ?? 0) + 1;
    this.total++;
    this.max = Math.max(this.max, ms);
  }
  quantile(q: number) {
    if (this.total === 0) return Number.NaN;
    const rank = Math.min(this.total - 1, Math.floor(q * this.total));
    let seen = 0;
    for (let bucket = 0; bucket < this.counts.length; bucket++) {
      seen += this.counts[bucket] ?? 0;
      if (seen > rank) return bucket;
    }
    return this.counts.length - 1;
  }
}

type Client = {
  accountId: string;
  recording: boolean;
  ended: boolean;
  closed: boolean;
  received: IdLog;
};

const run = async (busKind: string) => {
  console.log(
    `\n=== ${busKind === 'nats' ? `NATS JetStream bus (${NATS_URL})` : 'PostgreSQL LISTEN/NOTIFY bus'} ===`,
  );
  console.log(`load average at start: ${load()}`);
  const database = await createTestDatabase();
  if (!database.url) throw new Error('expected PostgreSQL');
  let topology: Topology | undefined;
  let observerBus: EventBus | undefined;
  const sockets: WebSocket[] = [];
  const serverErrors = new Map<string, number>();
  try {
    const accountIds = await seedAccounts(database);
    const setupStart = now();
    topology = await startTopology({
      databaseUrl: database.url,
      masterKey: randomBytes(32).toString('base64'),
      basePort: BASE_PORT,
      natsUrl: busKind === 'nats' ? NATS_URL : undefined,
      dataDir: join(tmpdir(), `cdca-topology-bench-${process.pid}`),
      env: {
        AUTH_DOMAIN: ISSUER,
        AUTH_CLIENT_ID: 'bench',
        AUTH_AUDIENCE: AUDIENCE,
        LOG_LEVEL: 'warn',
        PAPER_SEED: '1',
        PAPER_STARTING_USD: String(PER_ACCOUNT * 600 * 2),
        API_REQUESTS_PER_MINUTE: '1000000',
      },
      onLine: (name, line) => {
        const parsed = parseLogLine(line);
        // Not a log line: a start-up failure or warning printed as text, worth seeing.
        if (!parsed) process.stderr.write(`[${name}] ${line}\n`);
        if (parsed && parsed.level >= 50) {
          const key = `${name}: ${parsed.msg}`;
          serverErrors.set(key, (serverErrors.get(key) ?? 0) + 1);
        }
      },
    });
    const started = topology;
    // Ctrl-C stops the processes this run started rather than leaving them behind.
    stopOnSignal = () =>
      void started
        .stop()
        .then(() => database.close())
        .finally(() => process.exit(130));
    console.log(
      `topology up in ${seconds(now() - setupStart)} s: ${topology.processes.map((p) => p.name).join(', ')}`,
    );

    const apiUrls = topology.processes.filter((p) => p.role === 'api').map((p) => p.url);
    // The bench's own calls go straight to an API process: with thousands of sockets each, the processes can be too
    // busy for the balancer's 2 s health check, and the balancer then refuses everything (a finding, not the test).
    const api = async (path: string, token: string, body?: unknown, base = apiUrls[0]) => {
      const answer = await fetch(`${base}/api/v1${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await answer.text();
      if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${text.slice(0, 300)}`);
      return JSON.parse(text) as Record<string, unknown>;
    };

    // Paper keys for the accounts that hold epics, and the coin.
    const keysStart = now();
    await pool(tokens.slice(0, KEY_HOLDERS), 8, async (token) => {
      const key = await api('/paper/keys', token, { canView: true, canTrade: true, canTransfer: false });
      await api('/exchange-keys', token, { keyName: key.keyName, privateKey: key.privateKey });
    });
    const coins = (await api('/coins?limit=200', ownerToken)).coins as { id: string; symbol: string }[];
    const coinId = coins.find((coin) => coin.symbol === PRODUCT)?.id;
    if (!coinId) throw new Error(`no ${PRODUCT} in the catalogue`);
    await api(`/paper/products/${PRODUCT}/price`, ownerToken, { price: '100.00' });
    console.log(`${KEY_HOLDERS} paper keys connected in ${seconds(now() - keysStart)} s`);

    // The observer: one more subscriber of the bus, as an API process is.
    const ids = new Map<string, number>();
    const idOf = (text: string) => {
      let id = ids.get(text);
      if (id === undefined) {
        id = ids.size;
        ids.set(text, id);
      }
      return id;
    };
    const observed: { id: number; accountId: string | null; at: number }[] = [];
    const firstSeen = new Map<number, number>();
    observerBus =
      busKind === 'nats'
        ? await createNatsBus({ url: NATS_URL, log: pino({ level: 'warn' }) })
        : await createPostgresBus({ url: database.url, db: database.db, log: pino({ level: 'warn' }) });
    observerBus.subscribe(({ accountId, message }) => {
      const id = idOf(JSON.stringify(message));
      const at = now();
      observed.push({ id, accountId, at });
      if (!firstSeen.has(id)) firstSeen.set(id, at);
    });

    // The clients: client i is account i, on API process i mod 2 (or through the balancer).
    const marker = (name: string): TRealtimeMessage => ({
      routingKey: 'coin.updated',
      event: { id: `bench-${name}-${busKind}` },
    });
    const startText = JSON.stringify(marker('start'));
    const endText = JSON.stringify(marker('end'));
    const clients: Client[] = accountIds.slice(0, CLIENTS).map((accountId) => ({
      accountId,
      recording: false,
      ended: false,
      closed: false,
      received: new IdLog(),
    }));
    // Counted as each event arrives, so nothing but the ids is kept per delivery: the delay from the observer (0 when
    // a client got the event first), deliveries per second, and those after the burst began.
    const delays = new DelayHistogram();
    const perSecond = new Map<number, number>();
    let burstStart = Number.POSITIVE_INFINITY;
    let burstDeliveries = 0;
    let lastBurstArrival = 0;
    const arrived = (id: number) => {
      const at = now();
      const seen = firstSeen.get(id);
      delays.add(seen === undefined ? 0 : at - seen);
      const second = Math.floor(at / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
      if (at >= burstStart) {
        burstDeliveries++;
        lastBurstArrival = Math.max(lastBurstArrival, at);
      }
    };
    let closedEarly = 0;
    const connectErrors = new Map<string, number>();
    const connectStart = now();
    await pool(clients, 200, async (client, i) => {
      const base = VIA === 'balancer' ? (topology?.url ?? '') : (apiUrls[i % apiUrls.length] ?? '');
      const socket = new WebSocket(`${base.replace('http', 'ws')}/api/v1/cdca-ws`, [
        'cdca.v1',
        `bearer.${tokens[i]}`,
      ]);
      sockets.push(socket);
      socket.on('message', (data) => {
        const text = data.toString();
        if (text === startText) client.recording = true;
        else if (text === endText) client.ended = true;
        else if (client.recording && !client.ended) {
          const id = idOf(text);
          client.received.push(id);
          arrived(id);
        }
      });
      socket.on('close', () => {
        client.closed = true;
        if (!client.ended) closedEarly++;
      });
      // A refused or timed-out upgrade is counted, not fatal: how many clients the layout could take is a figure.
      await new Promise<void>((resolve) => {
        socket.once('open', () => resolve());
        socket.once('error', (err) => {
          client.closed = true;
          connectErrors.set(err.message, (connectErrors.get(err.message) ?? 0) + 1);
          resolve();
        });
      });
    });
    for (const [message, n] of connectErrors) console.log(`connection refused ×${n}: ${message}`);
    console.log(
      `${fmt(CLIENTS - [...connectErrors.values()].reduce((a, b) => a + b, 0))} WebSocket clients connected (${VIA}) in ${seconds(now() - connectStart)} s; load ${load()}`,
    );

    await observerBus.publish({ accountId: null, message: marker('start') });
    if (!(await until(async () => clients.every((client) => client.recording || client.closed))))
      throw new Error('not every client heard the start marker');
    const observeFrom = observed.findIndex((event) => event.id === ids.get(startText));

    // Open: the epics inserted in bulk as POST /epics saves them (engine-throughput does the same), with the plan
    // the API previews for this coin at this price; the engine workers pick them up and open them.
    const cpuBefore = process.cpuUsage();
    const preview = await api('/epics/preview', tokens[0] ?? '', { coinId, inputs: INPUTS });
    const plan = ZPlanPreview.parse(preview);
    if (!plan.ok) throw new Error(`plan refused: ${JSON.stringify(plan.problems)}`);
    await insertEpics(database, accountIds, coinId, plan.plan);
    const openStart = now();
    const opened = await until(async () => (await settledAt(database, 1)) >= EPICS);
    const openMs = now() - openStart;
    console.log(
      `open: ${opened ? 'all' : 'NOT all'} epics active with level 1 bought and take-profit open after ${seconds(openMs)} s; load ${load()}`,
    );

    // The burst: five price moves, back to back, down to between every epic's level 2 and level 3.
    const [bounds] = await rows<{ lowest2: string; highest3: string }>(
      database,
      sql`select min((plan->'levels'->1->>'price')::numeric)::text as lowest2,
                 max((plan->'levels'->2->>'price')::numeric)::text as highest3 from epics`,
    );
    const low = Number(bounds?.highest3);
    const high = Number(bounds?.lowest2);
    if (!(high > low)) throw new Error(`level 2 and 3 prices overlap (${high} / ${low})`);
    const target = (low + high) / 2;
    const moves = [1, 2, 3, 4, 5].map((step) => (100 + ((target - 100) * step) / 5).toFixed(2));
    burstStart = now();
    // Straight to an API process: a price control waits for the paper market's lock, which under load can outlast
    // the balancer's timeout.
    for (const price of moves)
      await api(`/paper/products/${PRODUCT}/price`, ownerToken, { price }, apiUrls[0]);
    const settled = await until(async () => (await settledAt(database, 2)) >= EPICS);
    const settleMs = now() - burstStart;
    const cpu = process.cpuUsage(cpuBefore);
    console.log(
      `burst ${moves.join(' → ')}: ${settled ? 'all' : 'NOT all'} epics settled (level-2 fill booked, take-profit re-placed) in ${seconds(settleMs)} s; load ${load()}`,
    );

    // Let trailing events out, then the end marker; every client must hear it.
    await sleep(3_000);
    await observerBus.publish({ accountId: null, message: marker('end') });
    await until(async () => clients.every((client) => client.ended || client.closed));
    // The observer too: a subscriber that lags (NATS hands it one event at a time) would otherwise count only part of
    // what the clients were owed, and the rest would show as duplicates.
    await until(async () => ids.has(endText) && observed.some((event) => event.id === ids.get(endText)));
    const observeTo = observed.findIndex((event) => event.id === ids.get(endText));

    // --- figures ---
    const window = observed.slice(observeFrom + 1, observeTo === -1 ? undefined : observeTo);
    const texts = new Map([...ids].map(([text, id]) => [id, text]));
    const publicExpected = new Map<number, number>();
    const privateExpected = new Map<string, Map<number, number>>();
    for (const { id, accountId } of window) {
      const into = accountId === null ? publicExpected : mapFor(privateExpected, accountId);
      into.set(id, (into.get(id) ?? 0) + 1);
    }
    // A price tick an API process replaced, while it waited, by a newer tick of its coin is superseded, not lost
    // (docs/decisions/realtime.md, "Fan-out"): it is owed unless the client got a later tick of that coin.
    const positionOf = new Map<number, number>();
    const coinOfTick = new Map<number, string>();
    for (const [index, { id, accountId }] of window.entries()) {
      positionOf.set(id, index);
      const text = accountId === null ? texts.get(id) : undefined;
      const message = text === undefined ? undefined : (JSON.parse(text) as TRealtimeMessage);
      if (message?.routingKey === 'coin.updated') coinOfTick.set(id, message.event.id);
    }
    let expectedTotal = 0;
    let lost = 0;
    let superseded = 0;
    let stale = 0;
    let duplicates = 0;
    const lostById = new Map<number, number>();
    // One count per event id, reused client after client: filled from its log, read, then emptied the same way.
    const counts = new Uint32Array(ids.size);
    for (const client of clients) {
      // A client refused at connect (reported above) never heard the start marker and is owed nothing.
      if (!client.recording) continue;
      // The newest tick of each coin this client got; one older than it arriving later is stale.
      const newestTick = new Map<string, number>();
      for (const id of client.received) {
        counts[id] = (counts[id] ?? 0) + 1;
        const coin = coinOfTick.get(id);
        if (coin === undefined) continue;
        const at = positionOf.get(id) ?? -1;
        if (at < (newestTick.get(coin) ?? -1)) stale++;
        else newestTick.set(coin, at);
      }
      const own = privateExpected.get(client.accountId) ?? new Map<number, number>();
      for (const expected of [publicExpected, own]) {
        for (const [id, count] of expected) {
          expectedTotal += count;
          const got = counts[id] ?? 0;
          const missing = Math.max(0, count - got);
          const coin = coinOfTick.get(id);
          if (coin !== undefined && (newestTick.get(coin) ?? -1) > (positionOf.get(id) ?? -1))
            superseded += missing;
          else {
            lost += missing;
            if (missing > 0) lostById.set(id, (lostById.get(id) ?? 0) + missing);
          }
          duplicates += Math.max(0, got - count);
          counts[id] = 0;
        }
      }
      // What is left was not owed to this client at all.
      for (const id of client.received) {
        duplicates += counts[id] ?? 0;
        counts[id] = 0;
      }
    }
    const delivered = clients.reduce((sum, client) => sum + client.received.length, 0);
    const burstSeconds = (Math.max(lastBurstArrival, burstStart) - burstStart) / 1000;
    const orders = await orderChecks(database);
    const publicEvents = window.filter((event) => event.accountId === null).length;

    console.log(`\n| figure | ${busKind} |`);
    console.log('|---|---:|');
    console.log(`| WebSocket clients / epics | ${fmt(CLIENTS)} / ${fmt(EPICS)} |`);
    console.log(
      `| bus events between the markers (public / private) | ${fmt(publicEvents)} / ${fmt(window.length - publicEvents)} |`,
    );
    console.log(`| deliveries expected / delivered | ${fmt(expectedTotal)} / ${fmt(delivered)} |`);
    console.log(`| lost events | ${fmt(lost)} |`);
    console.log(
      `| price ticks superseded by a newer tick of their coin / arrived after a newer one | ${fmt(superseded)} / ${fmt(stale)} |`,
    );
    console.log(`| duplicate deliveries | ${fmt(duplicates)} |`);
    console.log(`| sockets closed before the end | ${fmt(closedEarly)} |`);
    console.log(
      `| events delivered/s over the burst (mean) | ${fmt(burstDeliveries / Math.max(burstSeconds, 0.001))} |`,
    );
    console.log(`| events delivered/s, busiest second | ${fmt(Math.max(0, ...perSecond.values()))} |`);
    console.log(
      `| delay bus → client p50 / p99 / max (ms) | ${delays.quantile(0.5).toFixed(0)} / ${delays.quantile(0.99).toFixed(0)} / ${delays.max.toFixed(0)} |`,
    );
    console.log(
      `| epics opened/s (pending → level 1 bought, take-profit open) | ${fmt((EPICS / openMs) * 1000)} |`,
    );
    console.log(
      `| epics settled/s (burst → level-2 fill booked, TP re-placed) | ${fmt((EPICS / settleMs) * 1000)} |`,
    );
    console.log(
      `| duplicate orders (open per epic slot > 1, open venue orders not booked) | ${orders.duplicateSlots} + ${orders.unbooked} |`,
    );
    console.log(
      `| fills at the venue / booked by the engine | ${fmt(orders.venueFills)} / ${fmt(orders.bookedFills)} |`,
    );
    console.log(`| bench process CPU during open + burst | ${seconds((cpu.user + cpu.system) / 1000)} s |`);
    console.log(`| load average at the end | ${load()} |`);
    for (const [message, n] of serverErrors) console.log(`server error ${message} ×${n}`);
    for (const gone of topology.exited()) console.log(`process exited during the run: ${gone}`);
    // What was lost, most often first, so a loss can be traced to its event.
    for (const [id, n] of [...lostById].sort((a, b) => b[1] - a[1]).slice(0, 5))
      console.log(
        `lost ×${n} (event ${(positionOf.get(id) ?? -1) + 1} of ${window.length}): ${texts.get(id)?.slice(0, 160)}`,
      );
  } finally {
    for (const socket of sockets) socket.terminate();
    await observerBus?.close();
    await topology?.stop();
    await database.close();
  }
};

const mapFor = <K, V>(map: Map<K, Map<number, V>>, key: K) => {
  let inner = map.get(key);
  if (!inner) {
    inner = new Map();
    map.set(key, inner);
  }
  return inner;
};

/** One account per client (`bench|i`), active; and the owner who moves the paper price. */
const seedAccounts = async (database: Database) => {
  const ids: string[] = [];
  for (let start = 0; start < CLIENTS; start += 1_000) {
    const inserted = await database.db
      .insert(accounts)
      .values(
        Array.from({ length: Math.min(1_000, CLIENTS - start) }, (_, k) => ({
          userId: `bench|${start + k}`,
          email: `bench-${start + k}@example.test`,
          status: 'active' as const,
          tosAcceptedAt: new Date(),
        })),
      )
      .returning({ id: accounts.id });
    ids.push(...inserted.map((row) => row.id));
  }
  await database.db.insert(accounts).values({
    userId: 'bench|owner',
    email: 'bench-owner@example.test',
    status: 'active',
    role: 'owner',
    tosAcceptedAt: new Date(),
  });
  return ids;
};

/** EPICS pending epics, PER_ACCOUNT for each of the first accounts, each with its own position over the one plan. */
const insertEpics = async (database: Database, accountIds: string[], coinId: string, plan: TEpicPlan) => {
  const entry = CATALOGUE.find((candidate) => `${candidate.base}-USD` === PRODUCT);
  if (!entry) throw new Error(`${PRODUCT} is not in the catalogue`);
  const product = listedProduct(entry, {
    price: '100',
    priceChange24h: '0',
    volume24h: '0',
    availability: 'online',
  });
  for (let start = 0; start < EPICS; start += 500) {
    const values = Array.from({ length: Math.min(500, EPICS - start) }, (_, k) => {
      const id = randomUUID();
      return {
        id,
        accountId: accountIds[Math.floor((start + k) / PER_ACCOUNT)] ?? '',
        coinId,
        productId: plan.productId,
        status: 'pending' as const,
        inputs: INPUTS,
        plan,
        position: createPosition(id, plan, product),
        budget: INPUTS.budget,
        dcaLevels: INPUTS.dcaLevels,
      };
    });
    await database.db.insert(epics).values(values);
  }
};

const rows = async <T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> => {
  const result: unknown = await database.db.execute(query);
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows as T[];
  return [];
};

/**
 * Epics active at `level` with a take-profit open that was placed for that level or later, and nothing left unsent.
 * Later: a level's buy may fill in parts (the paper market's liquidity per tick), and the take-profit is re-placed
 * after each part, so its attempt number can run past the level's.
 */
const settledAt = async (database: Database, level: number) => {
  const [row] = await rows<{ active: number; tps: number; unsent: number }>(
    database,
    sql`select
      (select count(*)::int from epics where status = 'active' and active_dca_level = ${level}) as active,
      (select count(distinct epic_id)::int from epic_orders where purpose = 'take-profit' and status = 'open'
         and split_part(client_order_id, '-t0-', 2)::int >= ${level - 1}) as tps,
      (select count(*)::int from epic_orders where status = 'intent') as unsent`,
  );
  return row && row.unsent === 0 ? Math.min(row.active, row.tps) : 0;
};

const orderChecks = async (database: Database) => {
  const [row] = await rows<{
    duplicateSlots: number;
    unbooked: number;
    venueFills: number;
    bookedFills: number;
  }>(
    database,
    sql`select
      (select count(*)::int from (select 1 from epic_orders where status = 'open'
         group by epic_id, purpose, level having count(*) > 1) d) as "duplicateSlots",
      (select count(*)::int from paper_orders p where p.status = 'open' and not exists
         (select 1 from epic_orders o where o.client_order_id = p.client_order_id and o.status = 'open')) as unbooked,
      (select count(*)::int from paper_fills) as "venueFills",
      (select count(*)::int from epic_fills) as "bookedFills"`,
  );
  if (!row) throw new Error('order checks returned nothing');
  return row;
};

const parseLogLine = (line: string): { level: number; msg: string } | undefined => {
  try {
    const parsed: unknown = JSON.parse(line);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'level' in parsed &&
      typeof parsed.level === 'number'
    )
      return { level: parsed.level, msg: 'msg' in parsed ? String(parsed.msg) : '?' };
  } catch {
    // Not a log line (a start-up message): not counted.
  }
  return undefined;
};

console.log(
  `topology bench: ${fmt(CLIENTS)} clients, ${fmt(EPICS)} epics (${KEY_HOLDERS} accounts × ${PER_ACCOUNT}), buses: ${BUSES.join(', ')}`,
);
try {
  for (const bus of BUSES) await run(bus);
} finally {
  issuer.close();
}
