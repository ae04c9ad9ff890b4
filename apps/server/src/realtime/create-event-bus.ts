import type { Database } from '../db/client.ts';
import type { BusLogger } from './bus-logger.ts';
import type { EventBus } from './event-bus.ts';
import { createInProcessBus } from './in-process-bus.ts';
import { createNatsBus } from './nats-bus.ts';
import { createPostgresBus } from './postgres-bus.ts';

export type EventBusOptions = {
  /** NATS_URL: when set, events go through the broker (docs/decisions/topology.md). Every caller must pass it, so a
   * command-line tool never NOTIFYs into a channel the servers stopped listening to. */
  natsUrl: string | undefined;
  log?: BusLogger;
};

/**
 * One process on PGlite needs nothing more than in-process fan-out; PostgreSQL may serve several processes through
 * LISTEN/NOTIFY; a NATS broker, when configured, carries events for any number of them.
 */
export const createEventBus = async (
  database: Database,
  { natsUrl, log }: EventBusOptions,
): Promise<EventBus> => {
  if (natsUrl) return createNatsBus({ url: natsUrl, log });
  if (database.kind !== 'postgres') return createInProcessBus({ log });
  if (!database.url)
    throw new Error('A PostgreSQL database needs its url for the realtime LISTEN connection.');
  return createPostgresBus({ url: database.url, db: database.db, log });
};
