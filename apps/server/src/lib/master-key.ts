import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const MASTER_KEY_FILE = 'master.key';

type Log = { info: (message: string) => void; warn: (message: string) => void };

/**
 * The key that encrypts exchange keys at rest: MASTER_KEY when set, else a key file generated once in the data
 * directory (mode 0600) so the embedded default works with no setup. The key itself is never logged.
 */
export const loadMasterKey = (options: {
  masterKey: string | undefined;
  dataDir: string;
  log: Log;
}): Buffer => {
  if (options.masterKey) return Buffer.from(options.masterKey, 'base64');
  const path = join(options.dataDir, MASTER_KEY_FILE);
  const existing = readKeyFile(path);
  if (existing) {
    if ((statSync(path).mode & 0o077) !== 0) {
      options.log.warn(`${path} is readable by other users; tightening it to 0600`);
      chmodSync(path, 0o600);
    }
    return existing;
  }
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // 'wx' fails if another process created the file first; then that process's key wins.
    writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    const raced = readKeyFile(path);
    if (raced) return raced;
    throw error;
  }
  options.log.info(`generated a new master key in ${path}; back it up, stored exchange keys need it`);
  return key;
};

const readKeyFile = (path: string): Buffer | undefined => {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    throw error;
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${path} does not hold a 32-byte base64 key`);
  return key;
};

/** Parses a master key given as base64 (MASTER_KEY, NEW_MASTER_KEY); anything but 32 bytes is refused. */
export const parseMasterKey = (text: string, name: string): Buffer => {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32 || !/^[A-Za-z0-9+/]{43}=$/.test(text.trim())) {
    throw new Error(`${name} must be 32 random bytes, base64-encoded (openssl rand -base64 32)`);
  }
  return key;
};

/**
 * Replacing the key file is two steps around the re-encryption: `stage` writes the new key beside the old one
 * (so a crash mid-rotation leaves it on disk, not only in memory), `commit` renames it over the old file once the
 * database holds only secrets sealed with it, `abandon` removes it when the re-encryption failed.
 */
export const stageMasterKeyFile = (dataDir: string, key: Buffer) => {
  const path = join(dataDir, MASTER_KEY_FILE);
  const next = `${path}.next`;
  try {
    // 'wx': a file left by an interrupted rotation may hold the only copy of the key the database is sealed with.
    writeFileSync(next, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    throw new Error(
      `${next} exists: an earlier rotation was interrupted. If the server cannot open its secrets with ${path}, ` +
        `move ${next} over it; otherwise delete ${next}. Then run this again.`,
    );
  }
  return {
    path,
    next,
    commit: () => renameSync(next, path),
    abandon: () => rmSync(next, { force: true }),
  };
};
