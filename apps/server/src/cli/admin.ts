import { ACCOUNT_STATUSES, ZAccountStatus } from '@cdca/contracts';
import { pino } from 'pino';
import { type Config, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { prepareDataDir, restrictNewFiles } from '../db/data-dir-permissions.ts';
import { runBillingTickOnce } from '../jobs/billing-tick.ts';
import { createAccountsService } from '../modules/accounts/accounts.service.ts';
import { createEventBus } from '../realtime/create-event-bus.ts';
import { missingDatabaseReason } from './existing-database.ts';
import { retireSigningKeysCommand, rotateMasterKeyCommand, rotateSigningKeyCommand } from './key-commands.ts';
import { seedHistoryCommand } from './seed-history-command.ts';

// Like the server: whatever this command writes in DATA_DIR (database files, key files) is owner-only.
restrictNewFiles();

const USAGE = `Usage: npm run admin -- <command>

Commands:
  grant-owner <email>            Make the account with this e-mail an owner (it must have signed in once).
  set-status <email> <status>    Set an account's status, e.g. active (one of: ${ACCOUNT_STATUSES.join(', ')}).
  billing-tick                   Run the billing scheduler once now and print what it did.
  seed-history <email> [epics]   Write a believable history of closed epics (default 24) over the past 90 days
                                 for the account, on the paper market's coins. Refused when APP_ENV=production.
  rotate-signing-key             New identity-provider signing key; the old one is accepted until its tokens expire.
  retire-signing-keys            Remove signing keys whose tokens have all expired (every start does this too).
  rotate-master-key [key]        Re-encrypt every stored secret under a new master key (NEW_MASTER_KEY, or the
                                 argument; with the key file and neither, one is generated into it).`;

const print = {
  info: (message: string) => console.log(message),
  warn: (message: string) => console.error(message),
};

/** The configuration, unless it points at no database of the server's (then the reason is printed). */
const serverConfig = (): Config | null => {
  const config = loadConfig();
  const missing = missingDatabaseReason(config);
  if (missing) console.error(missing);
  return missing ? null : config;
};

/** Owners are made by hand on the server, never through the API. */
const main = async (args: string[]) => {
  const [command, email, value] = args;
  const keyCommands: Record<string, ((config: Config) => Promise<number>) | undefined> = {
    'rotate-signing-key': (config) => rotateSigningKeyCommand(config, print),
    'retire-signing-keys': (config) => retireSigningKeysCommand(config, print),
    'rotate-master-key': (config) =>
      rotateMasterKeyCommand(config, print, process.env.NEW_MASTER_KEY ?? email),
  };
  const keyCommand = command ? keyCommands[command] : undefined;
  if (command === 'seed-history' && email) {
    const config = serverConfig();
    return config ? seedHistoryCommand(config, print, email, value) : 1;
  }
  if (keyCommand || command === 'billing-tick') {
    const config = serverConfig();
    if (!config) return 1;
    prepareDataDir(config, print);
    if (keyCommand) return keyCommand(config);
    console.log(JSON.stringify(await runBillingTickOnce(config)));
    return 0;
  }
  const status = ZAccountStatus.safeParse(value);
  const valid = email && (command === 'grant-owner' || (command === 'set-status' && status.success));
  if (!valid) {
    console.error(USAGE);
    return 2;
  }
  const config = serverConfig();
  if (!config) return 1;
  prepareDataDir(config, print);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const bus = await createEventBus(database, { natsUrl: config.natsUrl, log: pino({ level: 'warn' }) });
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
