import type { Database } from '../db/client.ts';
import type { BusLogger } from './bus-logger.ts';
import type { EventBus } from './event-bus.ts';
import { createInProcessBus } from './in-process-bus.ts';
import { createPostgresBus } from './postgres-bus.ts';

/** One process on PGlite needs nothing more than in-process fan-out; PostgreSQL may serve several processes. */
export const createEventBus = async (
  database: Database,
  options: { log?: BusLogger } = {},
): Promise<EventBus> => {
  if (database.kind !== 'postgres') return createInProcessBus(options);
  if (!database.url)
    throw new Error('A PostgreSQL database needs its url for the realtime LISTEN connection.');
  return createPostgresBus({ url: database.url, db: database.db, ...options });
};
