import { randomUUID } from 'node:crypto';
import { createServer, type Server, Socket } from 'node:net';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventBus, RealtimeEnvelope } from './event-bus.ts';
import { createNatsBus } from './nats-bus.ts';
import { describeBusContract } from './testing/bus-contract.ts';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** Undefined when a JetStream-enabled broker answers at NATS_URL; otherwise why the NATS tests cannot run. */
const whyUnreachable = async (url: string): Promise<string | undefined> => {
  try {
    const connection = await connect({ servers: url, timeout: 2_000, maxReconnectAttempts: 0 });
    try {
      await (await jetstreamManager(connection)).getAccountInfo();
      return undefined;
    } finally {
      await connection.close();
    }
  } catch (err) {
    return `no JetStream-enabled NATS at ${url} (${err instanceof Error ? err.message : String(err)})`;
  }
};
const skipReason = await whyUnreachable(NATS_URL);

/** Each test gets its own stream and subject, so test files running at once (or a real server) never cross. */
const isolatedStream = () => {
  const id = randomUUID().replaceAll('-', '');
  return { stream: `CDCA_TEST_${id}`, subject: `cdca.test.${id}` };
};

const deleteStream = async (stream: string) => {
  const connection = await connect({ servers: NATS_URL });
  try {
    await (await jetstreamManager(connection)).streams.delete(stream);
  } finally {
    await connection.close();
  }
};

describeBusContract('NATS bus', {
  processes: 2,
  skipReason,
  setUp: async () => {
    const names = isolatedStream();
    return {
      open: (log) => createNatsBus({ url: NATS_URL, log, ...names }),
      close: () => deleteStream(names.stream),
    };
  },
});

const coin = (id: string): RealtimeEnvelope => ({
  accountId: null,
  message: { routingKey: 'coin.updated', event: { id } },
});

describe.skipIf(skipReason !== undefined)('NATS bus', () => {
  const names = isolatedStream();
  const buses: EventBus[] = [];
  let proxy: Server | undefined;
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
    proxy?.close();
    await deleteStream(names.stream);
  });

  it('loses no event published while its broker connection was down: it resumes where it stopped', async () => {
    // A process reaches the broker through a TCP relay the test can cut, as a network drop would.
    const relay = await startRelay(new URL(NATS_URL));
    proxy = relay.server;
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const cut = await createNatsBus({ url: `nats://127.0.0.1:${relay.port}`, log, ...names });
    const publisher = await createNatsBus({ url: NATS_URL, log: pino({ level: 'silent' }), ...names });
    buses.push(cut, publisher);
    const received: string[] = [];
    cut.subscribe((envelope) => received.push(envelope.message.event.id));
    await publisher.publish(coin('before'));
    await expect.poll(() => received, { timeout: 10_000 }).toEqual(['before']);

    relay.cutAll();
    await expect
      .poll(() => lines.some((line) => line.includes('realtime broker connection lost')), { timeout: 10_000 })
      .toBe(true);
    for (const id of ['while-away-1', 'while-away-2']) await publisher.publish(coin(id));
    relay.resume();

    await expect
      .poll(() => received, { timeout: 30_000, interval: 100 })
      .toEqual(['before', 'while-away-1', 'while-away-2']);
    expect(lines.some((line) => line.includes('realtime broker connection restored'))).toBe(true);
  });
});

/** A TCP relay to the broker whose connections can be cut, refusing new ones until resumed. */
const startRelay = async (target: URL) => {
  const sockets = new Set<Socket>();
  let refusing = false;
  const server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = new Socket();
    upstream.connect(Number(target.port || 4222), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
      sockets.add(from);
      from.on('close', () => sockets.delete(from));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('relay has no port');
  return {
    server,
    port: address.port,
    cutAll: () => {
      refusing = true;
      for (const socket of sockets) socket.destroy();
    },
    resume: () => {
      refusing = false;
    },
  };
};
