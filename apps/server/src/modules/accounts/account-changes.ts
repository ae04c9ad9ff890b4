import { createLruCache } from '../../lib/lru-cache.ts';

/**
 * What this process knows about changes to `accounts` rows, for the caches of callers' rows (account-cache.ts;
 * docs/decisions/account-access.md). Two sources:
 * - the database's notice (migration 0021's trigger NOTIFYs `cdca_account_changed` for every row written, at commit),
 *   which every process hears, whoever wrote;
 * - this process's own writes (accounts.repository.ts, billing-standing.ts), noted when the write statement returns,
 *   before its transaction commits. Until the notice of that very write arrives, the row is not served from memory:
 *   on PostgreSQL the notice reaches the LISTEN connection a little after the commit, and a request in between must
 *   not see the old row.
 * Process-wide on purpose: every app in the process (tests run several) drops what any of them wrote.
 */
export const ACCOUNT_CHANGES_CHANNEL = 'cdca_account_changed';

/** A write whose notice never comes (its transaction rolled back) stops holding its row out of memory after this. */
const UNCONFIRMED_AT_MOST_MS = 10 * 60_000;
/** Notices already heard, so a write noted after its own notice (autocommit on PGlite) is not waited for. */
const HEARD_NOTICES = 4096;

export type WrittenAccount = { userId: string; txid: string };
type Drop = (userId: string | 'every') => void;

/** Per user id, this process's writes whose notice has not arrived, by transaction id, each with its give-up timer. */
const unconfirmed = new Map<string, Map<string, NodeJS.Timeout>>();
const heard = createLruCache<true>(HEARD_NOTICES);
const caches = new Set<Drop>();
let noticesHeard = 0;
const lastHeardFor = createLruCache<number>(HEARD_NOTICES);

/** How many change notices this process has heard. */
export const accountNoticesHeard = () => noticesHeard;
/** That count when the last notice about this user's row was heard (0: none remembered); a test waits on it. */
export const lastNoticeHeardFor = (userId: string) => lastHeardFor.get(userId) ?? 0;

const dropEverywhere = (userId: string | 'every') => {
  for (const drop of caches) drop(userId);
};

const confirm = (userId: string, txid: string) => {
  const waiting = unconfirmed.get(userId);
  clearTimeout(waiting?.get(txid));
  waiting?.delete(txid);
  if (waiting?.size === 0) unconfirmed.delete(userId);
};

/** A cache hears here that a row (or, after a TRUNCATE, every row) may have changed. */
export const onAccountChange = (drop: Drop): (() => void) => {
  caches.add(drop);
  return () => caches.delete(drop);
};

/** Whether this process wrote the row in a transaction whose notice has not arrived: then only the database knows. */
export const isAwaitingNotice = (userId: string) => unconfirmed.has(userId);

/** Every write to `accounts` in this process calls this with the rows it wrote and its transaction id. */
export const noteAccountWrites = (written: readonly WrittenAccount[]) => {
  for (const { userId, txid } of written) {
    if (!heard.get(`${txid} ${userId}`)) {
      const waiting = unconfirmed.get(userId) ?? new Map<string, NodeJS.Timeout>();
      clearTimeout(waiting.get(txid));
      waiting.set(txid, setTimeout(() => confirm(userId, txid), UNCONFIRMED_AT_MOST_MS).unref());
      unconfirmed.set(userId, waiting);
    }
    dropEverywhere(userId);
  }
};

/** A notice from the trigger: "<txid> <id> <user_id>", or "*" after a TRUNCATE. */
export const accountNoticeHeard = (payload: string) => {
  noticesHeard += 1;
  if (payload === '*') {
    dropEverywhere('every');
    return;
  }
  const match = /^(\d+) \S+ (.+)$/.exec(payload);
  const [, txid, userId] = match ?? [];
  if (!txid || !userId) {
    dropEverywhere('every');
    return;
  }
  heard.set(`${txid} ${userId}`, true);
  lastHeardFor.set(userId, noticesHeard);
  confirm(userId, txid);
  dropEverywhere(userId);
};
