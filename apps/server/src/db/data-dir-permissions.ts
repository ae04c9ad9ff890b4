import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written into a DATA_DIR the product created, so a later start knows it may tighten what it finds there. */
export const DATA_DIR_MARKER = '.cdca-data-dir';
/** What earlier versions left in a DATA_DIR they created (before the marker existed). */
const EARLIER_VERSION_TRACES = ['master.key', 'pg', 'pg.lock'];

const GROUP_OTHER = 0o077;

export class DataDirPermissionsError extends Error {}

type Log = { warn: (message: string) => void };

/**
 * Everything created from here on is owner-only, whatever umask the process was started with: PGlite, the key file
 * and the lock file create files with 0666/0777 and leave the rest to the umask. See
 * docs/decisions/data-dir-permissions.md.
 */
export const restrictNewFiles = (): void => {
  process.umask(0o077);
};

/**
 * Removes group/other permissions from `path` and everything below it (folders 0700, files 0600 in practice).
 * Symbolic links are not followed: a link pointing out of DATA_DIR must not make us chmod someone else's file.
 * Answers how many entries it had to tighten.
 */
export const tightenTree = (path: string): number => {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return 0;
  let tightened = 0;
  if ((stat.mode & GROUP_OTHER) !== 0) {
    chmodSync(path, stat.mode & 0o7700);
    tightened += 1;
  }
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path)) tightened += tightenTree(join(path, entry));
  }
  return tightened;
};

const createdByUs = (dataDir: string) =>
  [DATA_DIR_MARKER, ...EARLIER_VERSION_TRACES].some((name) => existsSync(join(dataDir, name)));

/**
 * Makes DATA_DIR owner-only before anything is written in it. A folder the product created (this or an earlier
 * version, which left it 0755 with 0666 files) is tightened in place; a folder someone else created open to
 * group/other is refused: we would be guessing what else lives there and who relies on reading it.
 */
export const secureDataDir = (dataDir: string, log: Log): void => {
  if (!existsSync(dataDir)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // mkdir's mode is filtered by the umask; say it outright in case restrictNewFiles was not called.
    chmodSync(dataDir, 0o700);
    writeFileSync(join(dataDir, DATA_DIR_MARKER), '', { mode: 0o600 });
    return;
  }
  const stat = lstatSync(dataDir);
  if (!stat.isDirectory()) throw new DataDirPermissionsError(`DATA_DIR ${dataDir} is not a folder.`);
  const ours = createdByUs(dataDir);
  if (!ours && (stat.mode & GROUP_OTHER) !== 0) {
    throw new DataDirPermissionsError(
      `DATA_DIR ${dataDir} is open to other users (mode ${(stat.mode & 0o777).toString(8)}); ` +
        `make it owner-only with: chmod -R go-rwx ${dataDir}`,
    );
  }
  const tightened = tightenTree(dataDir);
  if (tightened > 0) log.warn(`made ${tightened} files and folders under ${dataDir} owner-only`);
  const marker = join(dataDir, DATA_DIR_MARKER);
  if (!existsSync(marker)) writeFileSync(marker, '', { mode: 0o600 });
};

/** DATA_DIR holds the embedded database and, without MASTER_KEY, the key file; with neither it stays untouched. */
export const prepareDataDir = (
  config: { dataDir: string; databaseUrl: string | undefined; masterKey: string | undefined },
  log: Log,
): void => {
  if (!config.databaseUrl || !config.masterKey) secureDataDir(config.dataDir, log);
};
