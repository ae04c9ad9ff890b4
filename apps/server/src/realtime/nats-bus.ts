import {
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamManager,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import { connect, type NatsConnection, nanos } from '@nats-io/transport-node';
import { type BusLogger, defaultBusLogger } from './bus-logger.ts';
import type { EventBus, RealtimeEnvelope } from './event-bus.ts';
import { createListenerSet } from './listener-set.ts';
import { validEnvelope } from './realtime-envelope.ts';

/** Where the product's events live on the broker (docs/decisions/topology.md). */
export const NATS_REALTIME_STREAM = 'CDCA_REALTIME';
export const NATS_REALTIME_SUBJECT = 'cdca.realtime';

/**
 * An event is useful for seconds: the stream keeps a minute of them, enough for a process whose connection blipped to
 * resume where it stopped, and bounded in bytes so a flood cannot fill the broker's disk.
 */
const STREAM_MAX_AGE_MS = 60_000;
const STREAM_MAX_BYTES = 256 * 2 ** 20;
/** The broker stores an event in well under a millisecond; a publish stuck longer is given up (and logged). */
const PUBLISH_TIMEOUT_MS = 2_000;
/** Events a process asks the broker for at once: big enough for a burst, small enough to stay responsive. */
const PULL_BATCH = 1_000;

export type NatsBusOptions = {
  url: string;
  log?: BusLogger;
  /** Tests isolate themselves on their own stream and subject; production uses the defaults. */
  stream?: string;
  subject?: string;
};

/**
 * Fan-out across processes through a NATS JetStream stream (docs/decisions/topology.md). Publishing stores the event
 * once; every process, the publisher included, reads the stream through its own ordered consumer starting after the
 * last event stored when it opened, so each subscriber gets each later event once and in order, also across a
 * reconnect to the broker (the consumer resumes at the sequence it stopped at).
 */
export const createNatsBus = async ({
  url,
  log = defaultBusLogger(),
  stream = NATS_REALTIME_STREAM,
  subject = NATS_REALTIME_SUBJECT,
}: NatsBusOptions): Promise<EventBus> => {
  const listeners = createListenerSet(log);
  const connection = await connect({
    servers: url.split(','),
    name: 'cdca-realtime',
    // A broker restart must not end realtime for the life of the process.
    maxReconnectAttempts: -1,
  });
  watchConnection(connection, log);
  try {
    const manager = await jetstreamManager(connection);
    const lastStored = await ensureStream(manager, stream, subject);
    const js = jetstream(connection, { timeout: PUBLISH_TIMEOUT_MS });
    const consumer = await js.consumers.get(stream, {
      filter_subjects: subject,
      // Not DeliverPolicy.New: that counts from when the broker creates the consumer, which may be after this
      // function returned and a caller published; a sequence read before returning leaves no gap.
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: lastStored + 1,
    });
    const messages = await consumer.consume({ max_messages: PULL_BATCH });
    // One event at a time, yielding to the event loop after each: a backlog of public events sent to thousands of
    // sockets must not hold the process's database work (and the row locks of its open transactions) for its whole
    // length (bench/README.md, "Topology"). A single loop keeps the stream's order.
    const pumping = (async () => {
      for await (const message of messages) {
        deliver(message.string(), listeners.emit, log);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })().catch((err: unknown) => log.error({ err }, 'realtime consumer stopped'));

    const encoder = new TextEncoder();
    return {
      publish: async (envelope) => {
        const valid = validEnvelope(envelope, log);
        if (!valid) return;
        // Realtime is best-effort and the change behind the event is already committed: a failed publish is logged
        // rather than turned into a failed request.
        await js
          .publish(subject, encoder.encode(JSON.stringify(valid)))
          .catch((err: unknown) =>
            log.error({ err, routingKey: valid.message.routingKey }, 'realtime event could not be published'),
          );
      },
      subscribe: listeners.subscribe,
      close: async () => {
        await messages.close();
        await pumping;
        await connection.drain();
        listeners.clear();
      },
    };
  } catch (err) {
    await connection.close();
    throw err;
  }
};

/** Creates the stream when it is missing and answers the sequence of the last event it holds. */
const ensureStream = async (manager: JetStreamManager, name: string, subject: string): Promise<number> => {
  try {
    return (await manager.streams.info(name)).state.last_seq;
  } catch (err) {
    if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound)) throw err;
  }
  // Two processes starting at once both add it; the broker accepts an identical definition twice.
  const created = await manager.streams.add({
    name,
    subjects: [subject],
    retention: RetentionPolicy.Limits,
    // On disk, so a broker restart keeps the stream and the consumers resume instead of finding it gone.
    storage: StorageType.File,
    max_age: nanos(STREAM_MAX_AGE_MS),
    max_bytes: STREAM_MAX_BYTES,
    discard: DiscardPolicy.Old,
    num_replicas: 1,
  });
  return created.state.last_seq;
};

/** Another process (maybe another version) wrote this, so it is checked again before reaching sockets. */
const deliver = (payload: string, emit: (envelope: RealtimeEnvelope) => void, log: BusLogger) => {
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    log.warn({ bytes: payload.length }, 'unreadable realtime message ignored');
    return;
  }
  const envelope = validEnvelope(raw, log);
  if (envelope) emit(envelope);
};

/** Says in the log when the broker goes away and comes back, as the PostgreSQL bus does for its LISTEN connection. */
const watchConnection = (connection: NatsConnection, log: BusLogger) => {
  void (async () => {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect')
        log.warn({ server: status.server }, 'realtime broker connection lost; reconnecting');
      if (status.type === 'reconnect')
        log.info({ server: status.server }, 'realtime broker connection restored');
    }
  })();
};
