import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { realtimeOutbox } from '../db/schema.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import type { BusLogger } from './bus-logger.ts';
import type { EventBus, RealtimeEnvelope } from './event-bus.ts';
import { LISTENER_APPLICATION_NAME } from './listen-connection.ts';
import { createPostgresBus, MAX_INLINE_PAYLOAD_BYTES } from './postgres-bus.ts';
import { describeBusContract } from './testing/bus-contract.ts';

const log = pino({ level: 'silent' });

const coin = (id: string): RealtimeEnvelope => ({
  accountId: null,
  message: { routingKey: 'coin.updated', event: { id } },
});

/** Records what a bus delivers and lets a test wait for a given number of events. */
const record = (bus: EventBus) => {
  const received: RealtimeEnvelope[] = [];
  bus.subscribe((envelope) => received.push(envelope));
  const waitFor = (count: number) =>
    expect.poll(() => received.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(count);
  return { received, waitFor };
};

describeBusContract('PostgreSQL bus', {
  processes: 2,
  skipReason: process.env.DATABASE_URL ? undefined : 'DATABASE_URL is not set',
  setUp: async () => {
    const database = await createTestDatabase();
    const url = database.url;
    if (!url) throw new Error('expected a PostgreSQL test database');
    return {
      open: (busLog) => createPostgresBus({ url, db: database.db, log: busLog }),
      close: () => database.close(),
    };
  },
});

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL bus', () => {
  let database: Database;
  let url: string;
  let buses: EventBus[] = [];

  const openBus = async (options: { log?: BusLogger } = {}) => {
    const bus = await createPostgresBus({ url, db: database.db, log: options.log ?? log });
    buses.push(bus);
    return bus;
  };

  beforeEach(async () => {
    database = await createTestDatabase();
    if (!database.url) throw new Error('expected a PostgreSQL test database');
    url = database.url;
  });

  afterEach(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    buses = [];
    await database.close();
  });

  it('carries an event too big for NOTIFY through the outbox, in order', async () => {
    const a = await openBus();
    const b = await openBus();
    const atB = record(b);
    const big: RealtimeEnvelope = {
      accountId: 'acc-1',
      message: { routingKey: 'epic.updated', event: { id: 'epic-1', notes: 'x'.repeat(20_000) } },
    };
    expect(JSON.stringify(big).length).toBeGreaterThan(MAX_INLINE_PAYLOAD_BYTES);

    await a.publish(big);
    await a.publish(coin('after-big'));
    await atB.waitFor(2);

    expect(atB.received[0]).toEqual(big);
    expect(atB.received[1]?.message.event.id).toBe('after-big');
  });

  it('prunes outbox rows nobody can still need', async () => {
    const a = await openBus();
    await database.db.execute(
      sql`insert into realtime_outbox (message, created_at) values ('{}'::jsonb, now() - interval '1 hour')`,
    );
    const big: RealtimeEnvelope = {
      accountId: 'acc-1',
      message: { routingKey: 'epic.updated', event: { id: 'e', notes: 'x'.repeat(9_000) } },
    };

    await a.publish(big);

    const rows = await database.db.select({ createdAt: realtimeOutbox.createdAt }).from(realtimeOutbox);
    expect(rows).toHaveLength(1);
  });

  it('comes back after its LISTEN connection is killed, and says so in the log', async () => {
    const logLines: string[] = [];
    const recordingLog = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) });
    const a = await openBus({ log: recordingLog });
    const b = await openBus();
    const atA = record(a);
    const atB = record(b);
    await a.publish(coin('before'));
    await atB.waitFor(1);

    const killed = await terminateListeners(url);
    expect(killed).toBe(2);

    // Notifications sent while a listener is away are lost by design, so keep publishing until both are back.
    await expect
      .poll(
        async () => {
          await a.publish(coin('after'));
          const back = (received: RealtimeEnvelope[]) =>
            received.some((envelope) => envelope.message.event.id === 'after');
          return back(atA.received) && back(atB.received);
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
    expect(logLines.some((line) => line.includes('realtime listen connection lost'))).toBe(true);
    expect(logLines.some((line) => line.includes('realtime listen connection restored'))).toBe(true);
  });

  it('closes cleanly, leaving no listener behind', async () => {
    const bus = await openBus();
    await bus.close();
    buses = [];

    expect(await countListeners(url)).toBe(0);
  });
});

const withClient = async <T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};

const terminateListeners = (url: string) =>
  withClient(url, async (client) => {
    const { rows } = await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = $1 and datname = current_database()`,
      [LISTENER_APPLICATION_NAME],
    );
    return rows.length;
  });

const countListeners = (url: string) =>
  withClient(url, async (client) => {
    const { rows } = await client.query(
      `select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()`,
      [LISTENER_APPLICATION_NAME],
    );
    return Number(rows[0]?.n);
  });
