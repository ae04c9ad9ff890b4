import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
