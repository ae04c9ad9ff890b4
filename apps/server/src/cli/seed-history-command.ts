import { money } from '@cdca/engine';
import { pino } from 'pino';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { prepareDataDir } from '../db/data-dir-permissions.ts';
import { createAccountRank } from '../modules/accounts/account-rank.ts';
import { createAccountsRepository } from '../modules/accounts/accounts.repository.ts';
import { createAccountsService } from '../modules/accounts/accounts.service.ts';
import { createNotificationsService } from '../modules/notifications/notifications.service.ts';
import { queryLifetimeRealisedProfit } from '../modules/stats/lifetime-profit.ts';
import { createEventBus } from '../realtime/create-event-bus.ts';
import { seedHistory } from './seed-history.ts';

type Print = { info: (message: string) => void; warn: (message: string) => void };

export const SEED_EPICS_DEFAULT = 24;
const SEED_EPICS_MAX = 500;

/** How many epics the argument asks for; undefined when it is not a whole number in range. */
export const parseEpicCount = (value: string | undefined): number | undefined => {
  if (value === undefined) return SEED_EPICS_DEFAULT;
  if (!/^\d+$/.test(value)) return undefined;
  const count = Number(value);
  return count >= 1 && count <= SEED_EPICS_MAX ? count : undefined;
};

/**
 * `npm run admin -- seed-history <email> [epics]`: a believable past for one account, so stats, rank and sharing
 * can be seen at once. Invented trades never go into a production database: refused there before it is opened.
 */
export const seedHistoryCommand = async (
  config: Config,
  print: Print,
  email: string,
  epicsArg: string | undefined,
): Promise<number> => {
  if (config.appEnv === 'production') {
    print.warn('seed-history writes invented trades and is refused when APP_ENV=production.');
    return 1;
  }
  const count = parseEpicCount(epicsArg);
  if (count === undefined) {
    print.warn(`epics must be a whole number from 1 to ${SEED_EPICS_MAX}.`);
    return 2;
  }
  prepareDataDir(config, print);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const account = await createAccountsRepository(database.db).findByEmail(email);
    if (!account) {
      print.warn(`No account with the e-mail ${email}. Sign in once with it, then run this again.`);
      return 1;
    }
    const seeded = await seedHistory(database.db, { accountId: account.id, count });
    const total = seeded.reduce((sum, epic) => sum.plus(epic.profit), money(0));
    // The rank follows the seeded profit as it would have followed the real epics (docs/decisions/rank-tiers.md).
    const bus = await createEventBus(database, { natsUrl: config.natsUrl, log: pino({ level: 'warn' }) });
    try {
      const accounts = createAccountsService({ db: database.db, bus, config });
      const notifications = createNotificationsService({ db: database.db, bus });
      await createAccountRank({
        db: database.db,
        lifetimeProfit: async (id) => money(await queryLifetimeRealisedProfit(database.db, id)).toFixed(2),
        publishUpdated: accounts.publishUpdated,
        notifyRankReached: notifications.notifyRankReached,
      }).recompute(account.id);
    } finally {
      await bus.close();
    }
    print.info(`Seeded ${seeded.length} closed epics for ${account.email}: $${total.toFixed(2)} realised.`);
    return 0;
  } finally {
    await database.close();
  }
};
