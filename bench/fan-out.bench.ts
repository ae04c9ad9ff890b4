/**
 * One API process's realtime fan-out (`apps/server/src/realtime/realtime-connections.ts`) to many sockets, on the
 * real registry over real WebSockets: the server half in this process, the clients in a child process (so their
 * reading does not share this event loop).
 *
 * - burst: EVENTS public events of distinct coins, back to back, to every socket: how long until every client has
 *   every event, and the server's CPU for it.
 * - ticks: price ticks of COINS coins (the paper market has 33), RATE a second for SECONDS, to every socket: more than
 *   one process can write to 5,000 sockets one by one. Delay from publish to each client's receipt, and how many
 *   ticks a client got against how many were published (the rest were replaced by a newer tick of their coin).
 *
 * Run: npx node bench/fan-out.bench.ts
 * Settings: SOCKETS (5000, an API process's share of 10,000 clients), EVENTS (100), COINS (33), RATE (40), SECONDS (10).
 */
import { fork } from 'node:child_process';
import { pino } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import { createConnectionRegistry } from '../apps/server/src/realtime/realtime-connections.ts';

const SOCKETS = Number(process.env.SOCKETS ?? 5_000);
const EVENTS = Number(process.env.EVENTS ?? 100);
const COINS = Number(process.env.COINS ?? 33);
const RATE = Number(process.env.RATE ?? 40);
const SECONDS = Number(process.env.SECONDS ?? 10);
const now = () => performance.timeOrigin + performance.now();

type FromClients = { connected: true } | { done: true; received: number; delays: number[] };
type ToClients = { port: number } | { expect: number } | { report: true };

/** A coin as coin.updated carries it, with the time it was published. */
const tick = (coin: number, price: string) => ({
  routingKey: 'coin.updated' as const,
  event: {
    id: `coin-${coin}`,
    symbol: `C${coin}-USD`,
    name: `Coin ${coin}`,
    price,
    priceChange24h: '1.25',
    volume24h: '123456789.12',
    rank: coin + 1,
    publishedAt: now(),
  },
});

const clients = () => {
  const sockets: WebSocket[] = [];
  let received = 0;
  let expected = Number.POSITIVE_INFINITY;
  const delays: number[] = [];
  process.on('message', (message: ToClients) => {
    if ('port' in message) {
      let open = 0;
      for (let i = 0; i < SOCKETS; i += 1) {
        const socket = new WebSocket(`ws://127.0.0.1:${message.port}`);
        socket.on('open', () => {
          open += 1;
          if (open === SOCKETS) process.send?.({ connected: true } satisfies FromClients);
        });
        socket.on('message', (data) => {
          received += 1;
          const { event } = JSON.parse(data.toString()) as { event: { publishedAt: number } };
          delays.push(now() - event.publishedAt);
          if (received === expected) process.send?.({ done: true, received, delays } satisfies FromClients);
        });
        sockets.push(socket);
      }
    } else if ('expect' in message) {
      received = 0;
      delays.length = 0;
      expected = message.expect;
    } else {
      process.send?.({ done: true, received, delays } satisfies FromClients);
    }
  });
};

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

const server = async () => {
  const registry = createConnectionRegistry(pino({ level: 'silent' }));
  const wss = new WebSocketServer({ port: 0, perMessageDeflate: false });
  wss.on('connection', (socket) => registry.add(socket, { accountId: null, tokenExpiresAt: undefined }));
  await new Promise((resolve) => wss.once('listening', resolve));
  const address = wss.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const child = fork(new URL(import.meta.url), ['clients'], { stdio: 'inherit' });
  const next = () => new Promise<FromClients>((resolve) => child.once('message', resolve));
  const tell = (message: ToClients) => child.send(message);
  tell({ port });
  await next();
  console.log(`${SOCKETS} sockets connected`);

  // Burst.
  tell({ expect: SOCKETS * EVENTS });
  const burstStart = now();
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < EVENTS; i += 1) registry.deliver({ accountId: null, message: tick(i, '100.00') });
  await registry.idle();
  const cpu = process.cpuUsage(cpuBefore);
  const burst = await next();
  const burstMs = now() - burstStart;
  console.log(
    `burst: ${EVENTS} events × ${SOCKETS} sockets = ${(SOCKETS * EVENTS).toLocaleString('en-US')} messages in ${burstMs.toFixed(0)} ms ` +
      `(${Math.round(((SOCKETS * EVENTS) / burstMs) * 1000).toLocaleString('en-US')}/s), server CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms` +
      ('done' in burst ? '' : ' (incomplete)'),
  );

  // Ticks.
  tell({ expect: Number.POSITIVE_INFINITY });
  const published = RATE * SECONDS;
  const ticksStart = now();
  for (let i = 0; i < published; i += 1) {
    registry.deliver({ accountId: null, message: tick(i % COINS, (100 + i / 100).toFixed(2)) });
    const due = ticksStart + ((i + 1) * 1000) / RATE;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - now())));
  }
  await registry.idle();
  // Let the last writes reach the clients before asking for their figures.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  tell({ report: true });
  const report = await next();
  const delays = 'delays' in report ? report.delays.sort((a, b) => a - b) : [];
  const received = 'received' in report ? report.received : 0;
  console.log(
    `ticks: ${published} ticks of ${COINS} coins over ${SECONDS} s (${(RATE * SOCKETS).toLocaleString('en-US')} messages/s asked): ` +
      `${(received / SOCKETS).toFixed(1)} a socket received; delay p50 / p99 / max ${quantile(delays, 0.5).toFixed(0)} / ` +
      `${quantile(delays, 0.99).toFixed(0)} / ${(delays.at(-1) ?? Number.NaN).toFixed(0)} ms; all written ${(now() - ticksStart - 1_000).toFixed(0)} ms after the first`,
  );
  child.kill();
  wss.close();
  registry.closeAll({ code: 1001, reason: 'bench-over' });
};

if (process.argv[2] === 'clients') clients();
else await server();
