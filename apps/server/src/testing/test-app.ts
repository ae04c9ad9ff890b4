import { createPaperExchange } from '@cdca/exchange/paper/paper-exchange.ts';
import { createMemoryPaperStore } from '@cdca/exchange/paper/paper-store.ts';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { paperBundle } from '../exchange/create-exchange.ts';
import type { EventBus, RealtimeEnvelope } from '../realtime/event-bus.ts';
import { createInProcessBus } from '../realtime/in-process-bus.ts';
import { testConfig } from './test-config.ts';
import { createTestDatabase } from './test-database.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  bus: EventBus;
  /** Every realtime envelope published since the app started, in order. */
  published: RealtimeEnvelope[];
  close: () => Promise<void>;
};

/** The real app on a fresh database, driven through `app.inject`. */
export const createTestApp = async (env: Record<string, string> = {}): Promise<TestApp> => {
  const database = await createTestDatabase();
  const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
  const published: RealtimeEnvelope[] = [];
  bus.subscribe((envelope) => published.push(envelope));
  // The paper exchange keeps its state in memory here: these tests are not about the exchange, and writing its
  // 24 h of market history to every test database would only slow them down.
  const paper = createPaperExchange({ seed: 1, store: createMemoryPaperStore() });
  const app = await buildApp({ config: testConfig(env), database, bus, exchange: paperBundle(paper) });
  await app.ready();
  return {
    app,
    database,
    bus,
    published,
    close: async () => {
      await app.close();
      await paper.close();
      await bus.close();
      await database.close();
    },
  };
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
