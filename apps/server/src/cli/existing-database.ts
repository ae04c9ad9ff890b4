import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';

/**
 * The admin commands work on the server's data. On the embedded database that is DATA_DIR/pg: when it is missing,
 * the command was pointed somewhere else (another DATA_DIR, another working directory), and carrying on would make
 * a new empty database there and then report "no account". Nothing is created; the reason is returned instead.
 */
export const missingDatabaseReason = (config: Pick<Config, 'dataDir' | 'databaseUrl'>): string | null => {
  if (config.databaseUrl || existsSync(join(config.dataDir, 'pg'))) return null;
  return `No CDCA database in ${config.dataDir} (DATA_DIR). Run this command with the DATA_DIR the server uses (from the same directory if it is relative); nothing was created.`;
};
