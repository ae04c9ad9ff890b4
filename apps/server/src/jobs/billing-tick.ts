import type { TBillingTickResult } from '@cdca/contracts';
import { pino } from 'pino';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runBillingTick } from '../modules/billing/billing-scheduler.ts';
import { createChargeProvider } from '../modules/billing/providers/create-charge-provider.ts';
import { createEventBus } from '../realtime/create-event-bus.ts';

/**
 * `npm run admin -- billing-tick`: one scheduler pass now, from the command line (ops, cron, or a second look
 * after an outage). Safe next to running servers on PostgreSQL: every step happens once whoever runs it.
 */
export const runBillingTickOnce = async (config: Config): Promise<TBillingTickResult> => {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const log = pino({ level: 'warn', name: 'billing-tick' });
    const bus = await createEventBus(database, { natsUrl: config.natsUrl, log });
    const clock = { now: () => new Date() };
    const { provider } = createChargeProvider(config, database.db, clock);
    try {
      return await runBillingTick({ db: database.db, bus, config, clock, provider, log });
    } finally {
      await bus.close();
    }
  } finally {
    await database.close();
  }
};
