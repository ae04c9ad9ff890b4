import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { createLruCache } from '../../lib/lru-cache.ts';
import type { MaybePromise } from '../../lib/maybe-promise.ts';
import {
  ACCOUNT_CHANGES_CHANNEL,
  accountNoticeHeard,
  isAwaitingNotice,
  onAccountChange,
} from './account-changes.ts';
import type { AccountRow } from './accounts.repository.ts';

/** The second guard: a row is re-read at least this often even if a notice were lost (docs/decisions/account-access.md). */
export const ACCOUNT_ROW_TTL_MS = 5_000;
/** Rows of this many recent callers are held; the least recently seen go first. */
const CAPACITY = 10_000;
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;

type Held = { row: Readonly<AccountRow>; freshUntil: number };

export type AccountCache = {
  /**
   * The caller's row from memory, at once, when held, fresh and unchanged; otherwise `load()`'s, kept if nothing
   * changed meanwhile.
   */
  find: (userId: string, load: () => Promise<AccountRow | undefined>) => MaybePromise<AccountRow | undefined>;
  close: () => Promise<void>;
};

/**
 * The access check's copy of callers' rows (docs/decisions/account-access.md). A row is served from memory only while
 * this process hears the database's change notices: a dropped LISTEN connection turns the cache off (every request
 * reads the database) until it is back, and then it starts empty. A miss (no account yet) is never kept.
 */
export const createAccountCache = async ({
  database,
  log,
  ttlMs = ACCOUNT_ROW_TTL_MS,
}: {
  database: Database;
  log: FastifyBaseLogger;
  ttlMs?: number;
}): Promise<AccountCache> => {
  let entries = createLruCache<Held>(CAPACITY);
  /** Bumped by every change heard: a read that started before one must not be kept, whatever row it changed. */
  let generation = 0;
  let hearing = false;
  const stopDropping = onAccountChange((userId) => {
    generation += 1;
    if (userId === 'every') entries = createLruCache<Held>(CAPACITY);
    else entries.delete(userId);
  });
  const setHearing = (now: boolean) => {
    hearing = now;
    generation += 1;
    entries = createLruCache<Held>(CAPACITY);
  };
  const stopListening = await listenForChanges(database, log, setHearing);

  return {
    find: (userId, load) => {
      if (!hearing || isAwaitingNotice(userId)) return load();
      const held = entries.get(userId);
      if (held && held.freshUntil > Date.now()) return held.row;
      const before = generation;
      return load().then((row) => {
        if (row && hearing && before === generation && !isAwaitingNotice(userId)) {
          entries.set(userId, { row: Object.freeze(row), freshUntil: Date.now() + ttlMs });
        }
        return row;
      });
    },
    close: async () => {
      stopDropping();
      await stopListening();
    },
  };
};

/**
 * Subscribes to the trigger's notices. PGlite is one session in this process and delivers a notice with the COMMIT
 * that caused it. PostgreSQL needs a connection of its own, re-opened with back-off when it drops (restart,
 * failover); notices sent while it is away are lost, hence `setHearing(false)` until it is back.
 */
const listenForChanges = async (
  database: Database,
  log: FastifyBaseLogger,
  setHearing: (hearing: boolean) => void,
): Promise<() => Promise<void>> => {
  if (database.pglite) {
    // A callback of its own: PGlite keeps a channel's callbacks in a Set, and a shared one would be unlistened for every
    // app on the database when the first of them closes.
    const unlisten = await database.pglite.listen(ACCOUNT_CHANGES_CHANNEL, (payload) =>
      accountNoticeHeard(payload),
    );
    setHearing(true);
    return async () => {
      setHearing(false);
      // The database may already be closed (its owner closes it after the app); there is nothing left to stop then.
      await unlisten().catch(() => undefined);
    };
  }
  const url = database.url;
  if (!url) return async () => undefined;
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const open = async () => {
    const next = new pg.Client({ connectionString: url, application_name: 'cdca-account-notices' });
    next.on('notification', (notice) => {
      if (notice.channel === ACCOUNT_CHANGES_CHANNEL && notice.payload !== undefined)
        accountNoticeHeard(notice.payload);
    });
    const lost = (err?: Error) => {
      if (closed || client !== next) return;
      client = undefined;
      setHearing(false);
      log.warn(
        { err },
        'account notice connection lost; serving account rows from the database until it is back',
      );
      scheduleRetry();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${ACCOUNT_CHANGES_CHANNEL}`);
    } catch (err) {
      await next.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    setHearing(true);
  };

  const scheduleRetry = () => {
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt += 1;
    retry = setTimeout(() => {
      open().catch((err: unknown) => {
        log.warn({ err, attempt }, 'account notice connection failed');
        if (!closed) scheduleRetry();
      });
    }, delay);
    retry.unref();
  };

  // A database that refuses the connection now only leaves the cache off until it answers; the app still starts.
  await open().catch((err: unknown) => {
    log.warn(
      { err },
      'account notice connection failed; serving account rows from the database until it opens',
    );
    scheduleRetry();
  });
  return async () => {
    closed = true;
    clearTimeout(retry);
    setHearing(false);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };
};
