import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export class DataDirInUseError extends Error {}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The embedded database is single-process: a second process opening the same directory would corrupt it.
 * A pid file guards it; a stale one (its process is gone, e.g. after a crash) is taken over.
 */
export const lockDataDir = (lockPath: string): (() => void) => {
  try {
    writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(lockPath, 'utf8'));
    if (holder !== process.pid && Number.isInteger(holder) && isAlive(holder)) {
      throw new DataDirInUseError(
        `The embedded database in ${lockPath.replace(/\/[^/]+$/, '')} is in use by process ${holder}. ` +
          'Stop it first, or set DATABASE_URL to share a PostgreSQL database between processes.',
      );
    }
    writeFileSync(lockPath, String(process.pid));
  }
  return () => rmSync(lockPath, { force: true });
};
