import type { Clock } from '@cdca/engine';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/client.ts';
import { limitKey } from './limit-key.ts';
import { overLimit, retryAfterSeconds, TableLimiter } from './table-limiter.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The first delay; each further failure doubles it, up to the lock's length. */
const FIRST_DELAY_SECONDS = 15;

export type SignInLimits = {
  /** Failures of one e-mail from one address before each further one makes it wait (growing). */
  delayAfter: number;
  /** Failures of one e-mail within an hour, from anywhere, before it is locked. */
  lockAfter: number;
  lockMinutes: number;
  /** Failures from one address within a day, across e-mails, before the address is locked for a day. */
  ipFailuresPerDay: number;
};

export type Throttled = {
  reason: 'delay' | 'email-locked' | 'ip-locked';
  retryAfterSeconds: number;
  /** When it was decided: the page says the moment to come back, not only the wait. */
  now: Date;
};

/** One password check in progress: say how it went, so the counters move (or reset). */
export type SignInAttempt = {
  succeeded: () => Promise<void>;
  /** The throttle in force after this failure, if it started one. */
  failed: () => Promise<Throttled | undefined>;
};

export type SignInThrottle = {
  /** Refused when the e-mail, the address or the pair is throttled; then no password may be checked at all. */
  begin: (
    email: string,
    ip: string,
  ) => Promise<{ ok: true; attempt: SignInAttempt } | { ok: false; throttled: Throttled }>;
};

/**
 * The brute-force pattern of rate-limiter-flexible's wiki (docs/decisions/sign-in-throttling.md): consecutive
 * failures per e-mail+address (growing delays, reset by a success), failures per e-mail (a lock, whoever tries) and
 * failures per address across e-mails (a day's lock). The per-e-mail and per-address points are taken when an attempt
 * begins and given back when it succeeds, so parallel guesses cannot all slip in before the first failure is counted.
 * Unknown e-mails are counted the same way, so a lock tells nobody whether an account exists.
 */
/** The throttle that ends last is the one to tell about. */
const longest = (throttles: (Throttled | undefined)[]): Throttled | undefined =>
  throttles.reduce<Throttled | undefined>(
    (worst, next) => (next && (!worst || next.retryAfterSeconds > worst.retryAfterSeconds) ? next : worst),
    undefined,
  );

export const createSignInThrottle = ({
  db,
  clock,
  limits,
}: {
  db: Db;
  clock: Clock;
  limits: SignInLimits;
}): SignInThrottle => {
  const lockSeconds = limits.lockMinutes * MINUTE;
  const consecutive = new TableLimiter({
    db,
    clock,
    keyPrefix: 'sign-in:email+ip:failures',
    points: limits.delayAfter,
    duration: DAY,
  });
  // Only ever blocked (points + 1) for the current delay, or absent.
  const delay = new TableLimiter({ db, clock, keyPrefix: 'sign-in:email+ip:delay', points: 1, duration: 1 });
  const perEmail = new TableLimiter({
    db,
    clock,
    keyPrefix: 'sign-in:email',
    points: limits.lockAfter,
    duration: HOUR,
    blockDuration: lockSeconds,
  });
  const perIp = new TableLimiter({
    db,
    clock,
    keyPrefix: 'sign-in:ip',
    points: limits.ipFailuresPerDay,
    duration: DAY,
    blockDuration: DAY,
  });

  const throttled = (reason: Throttled['reason'], result: RateLimiterRes): Throttled => ({
    reason,
    retryAfterSeconds: retryAfterSeconds(result),
    now: clock.now(),
  });
  /** A limiter's state is a throttle once its key went over its points (what `block` and a crossing consume do). */
  const over = (reason: Throttled['reason'], limiter: TableLimiter, result: RateLimiterRes | null) =>
    result && result.consumedPoints > limiter.points ? throttled(reason, result) : undefined;
  const delaySeconds = (failures: number) =>
    Math.min(FIRST_DELAY_SECONDS * 2 ** (failures - limits.delayAfter), lockSeconds);

  const begin: SignInThrottle['begin'] = async (email, ip) => {
    const keys = { pair: limitKey(email, ip), email: limitKey(email), ip: limitKey(ip) };
    const [waiting, emailState, ipState] = await Promise.all([
      delay.get(keys.pair),
      perEmail.get(keys.email),
      perIp.get(keys.ip),
    ]);
    const current = longest([
      over('delay', delay, waiting),
      over('email-locked', perEmail, emailState),
      over('ip-locked', perIp, ipState),
    ]);
    if (current) return { ok: false, throttled: current };

    // Reads above are cheap; these consumes are the atomic reservation that holds when attempts race.
    const emailTaken = await perEmail.consume(keys.email).catch(overLimit);
    const emailLocked = over('email-locked', perEmail, emailTaken);
    if (emailLocked) return { ok: false, throttled: emailLocked };
    const ipTaken = await perIp.consume(keys.ip).catch(overLimit);
    const ipLocked = over('ip-locked', perIp, ipTaken);
    if (ipLocked) {
      await perEmail.reward(keys.email);
      return { ok: false, throttled: ipLocked };
    }

    const succeeded = async () => {
      await Promise.all([
        perEmail.reward(keys.email),
        perIp.reward(keys.ip),
        consecutive.delete(keys.pair),
        delay.delete(keys.pair),
      ]);
    };
    const failed = async () => {
      const { consumedPoints: failures } = await consecutive.penalty(keys.pair);
      const started: Throttled[] = [];
      if (failures >= limits.delayAfter) {
        started.push(throttled('delay', await delay.block(keys.pair, delaySeconds(failures))));
      }
      // A failure on the last point of a window starts the lock now, so this very answer can say so.
      if (emailTaken.remainingPoints === 0) {
        started.push(throttled('email-locked', await perEmail.block(keys.email, lockSeconds)));
      }
      if (ipTaken.remainingPoints === 0) {
        started.push(throttled('ip-locked', await perIp.block(keys.ip, DAY)));
      }
      return longest(started);
    };
    return { ok: true, attempt: { succeeded, failed } };
  };

  return { begin };
};
