import { eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { realtimeOutbox } from '../db/schema.ts';
import { type BusLogger, defaultBusLogger } from './bus-logger.ts';
import type { EventBus, RealtimeEnvelope } from './event-bus.ts';
import { openListenConnection } from './listen-connection.ts';
import { createListenerSet } from './listener-set.ts';
import { validEnvelope } from './realtime-envelope.ts';

export const REALTIME_CHANNEL = 'cdca_realtime';

/** PostgreSQL caps a NOTIFY payload at 8000 bytes; keep a margin and send bigger events through the outbox. */
export const MAX_INLINE_PAYLOAD_BYTES = 7_900;

/** Listeners fetch an outbox row within milliseconds; anything older is garbage. */
const OUTBOX_RETENTION = sql`now() - interval '10 minutes'`;
const PRUNE_EVERY_MS = 60_000;

/** What travels in the NOTIFY payload: the envelope itself, or the id of the outbox row holding it. */
const ZNotice = z.union([z.object({ outboxId: z.uuid() }), z.object({ envelope: z.looseObject({}) })]);

export type PostgresBusOptions = { url: string; db: Db; log?: BusLogger };

/**
 * Fan-out across API processes (docs/decisions/runtime.md). Publishing only NOTIFYs; every process — the publisher too —
 * delivers to its subscribers from its LISTEN connection, so each event reaches each subscriber exactly once.
 */
export const createPostgresBus = async ({
  url,
  db,
  log = defaultBusLogger(),
}: PostgresBusOptions): Promise<EventBus> => {
  const listeners = createListenerSet(log);
  // Outbox events need a query before delivery; a chain keeps events in the order they were notified.
  let delivering: Promise<void> = Promise.resolve();
  let lastPruneAt = 0;

  const deliver = async (payload: string) => {
    const notice = ZNotice.safeParse(parseJson(payload));
    if (!notice.success) {
      log.warn({ bytes: payload.length }, 'unreadable realtime notification ignored');
      return;
    }
    const raw = 'outboxId' in notice.data ? await fromOutbox(notice.data.outboxId) : notice.data.envelope;
    // Another process (maybe another version) wrote this, so it is checked again before reaching sockets.
    const envelope = validEnvelope(raw, log);
    if (envelope) listeners.emit(envelope);
  };

  const fromOutbox = async (id: string): Promise<unknown> => {
    const [row] = await db
      .select({ message: realtimeOutbox.message })
      .from(realtimeOutbox)
      .where(eq(realtimeOutbox.id, id));
    if (!row) log.warn({ outboxId: id }, 'realtime outbox row missing (pruned?)');
    return row?.message;
  };

  const notify = async (notice: string) => {
    await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${notice})`);
  };

  const pruneOutbox = async () => {
    if (Date.now() - lastPruneAt < PRUNE_EVERY_MS) return;
    lastPruneAt = Date.now();
    await db.delete(realtimeOutbox).where(lt(realtimeOutbox.createdAt, OUTBOX_RETENTION));
  };

  const connection = await openListenConnection({
    url,
    channel: REALTIME_CHANNEL,
    log,
    onNotification: (payload) => {
      delivering = delivering
        .then(() => deliver(payload))
        .catch((err: unknown) => log.error({ err }, 'realtime notification delivery failed'));
    },
  });

  const send = async (envelope: RealtimeEnvelope) => {
    const inline = JSON.stringify({ envelope });
    if (Buffer.byteLength(inline) <= MAX_INLINE_PAYLOAD_BYTES) {
      await notify(inline);
      return;
    }
    const [row] = await db
      .insert(realtimeOutbox)
      .values({ message: envelope })
      .returning({ id: realtimeOutbox.id });
    if (!row) throw new Error('realtime outbox insert returned no row');
    await notify(JSON.stringify({ outboxId: row.id }));
    await pruneOutbox();
  };

  return {
    publish: async (envelope) => {
      const valid = validEnvelope(envelope, log);
      if (!valid) return;
      // Realtime is best-effort and the change behind the event is already committed: a failed NOTIFY is
      // logged rather than turned into a failed request.
      await send(valid).catch((err: unknown) =>
        log.error({ err, routingKey: valid.message.routingKey }, 'realtime event could not be published'),
      );
    },
    subscribe: listeners.subscribe,
    close: async () => {
      await connection.close();
      await delivering;
      listeners.clear();
    },
  };
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
