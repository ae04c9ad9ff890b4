import { ACCOUNT_STATUSES, ZAccountStatus } from '@cdca/contracts/account.ts';
import { pino } from 'pino';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runBillingTickOnce } from '../jobs/billing-tick.ts';
import { createAccountsService } from '../modules/accounts/accounts.service.ts';
import { createEventBus } from '../realtime/create-event-bus.ts';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  grant-owner <email>            Make the account with this e-mail an owner (it must have signed in once).
  set-status <email> <status>    Set an account's status, e.g. active (one of: ${ACCOUNT_STATUSES.join(', ')}).
  billing-tick                   Run the billing scheduler once now and print what it did.`;

/** Owners are made by hand on the server, never through the API. */
const main = async (args: string[]) => {
  const [command, email, value] = args;
  if (command === 'billing-tick') {
    console.log(JSON.stringify(await runBillingTickOnce(loadConfig())));
    return 0;
  }
  const status = ZAccountStatus.safeParse(value);
  const valid = email && (command === 'grant-owner' || (command === 'set-status' && status.success));
  if (!valid) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const bus = await createEventBus(database, { log: pino({ level: 'warn' }) });
    const accounts = createAccountsService({ db: database.db, bus, config });
    const account =
      command === 'grant-owner'
        ? await accounts.grantOwner(email)
        : await accounts.setStatusByEmail(email, status.data ?? 'active');
    await bus.close();
    if (!account) {
      console.error(`No account with the e-mail ${email}. Sign in once with it, then run this again.`);
      return 1;
    }
    console.log(
      command === 'grant-owner'
        ? `${account.email} is now an owner.`
        : `${account.email} is now ${account.status}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
};

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
