import { randomBytes } from 'node:crypto';
import { createPaperExchange, type PaperExchange } from '@cdca/exchange/paper/paper-exchange.ts';
import { pino } from 'pino';
import { buildApp } from '../../app.ts';
import { createDrizzlePaperStore } from '../../modules/paper/paper-store.drizzle.ts';
import type { RealtimeEnvelope } from '../../realtime/event-bus.ts';
import { createInProcessBus } from '../../realtime/in-process-bus.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { testConfig } from '../../testing/test-config.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { paperBundle } from '../create-exchange.ts';
import { withOutageSwitch } from './outage-switch.ts';

export type ExchangeTestApp = TestApp & {
  /** The real paper exchange underneath, for levers the API does not offer (fund, revoke, advance). */
  paper: PaperExchange;
  /** Set `down` to make the exchange unreachable. */
  outage: { down: boolean };
};

/**
 * The real app on a fresh database, on the real paper exchange with its state in the same database.
 */
export const createExchangeTestApp = async (
  env: Record<string, string> = {},
  options: { realVenue?: boolean } = {},
): Promise<ExchangeTestApp> => {
  const database = await createTestDatabase();
  const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
  const published: RealtimeEnvelope[] = [];
  bus.subscribe((envelope) => published.push(envelope));
  const config = testConfig({ MASTER_KEY: randomBytes(32).toString('base64'), ...env });
  const paper = createPaperExchange({ seed: 7, store: createDrizzlePaperStore(database.db) });
  await paper.venue.ready();
  const switchable = withOutageSwitch(paper);
  const bundle = paperBundle(paper);
  const app = await buildApp({
    config,
    database,
    bus,
    // realVenue: the same exchange without its paper levers, as the server sees Coinbase.
    exchange: { exchange: switchable.exchange, paper: options.realVenue ? undefined : bundle.paper },
  });
  await app.ready();
  return {
    app,
    database,
    bus,
    published,
    paper,
    outage: switchable.state,
    close: async () => {
      await app.close();
      await paper.close();
      await bus.close();
      await database.close();
    },
  };
};
