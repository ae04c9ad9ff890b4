import type { Clock } from '@cdca/engine';
import type { Db } from '../../db/client.ts';
import { limitKey } from './limit-key.ts';
import { overLimit, retryAfterSeconds, TableLimiter } from './table-limiter.ts';

export type SignUpRefusal = { retryAfterSeconds: number; now: Date };

/** Sign-ups per client address per hour: counted for every well-formed sign-up form, new e-mail or not. */
export const createSignUpThrottle = ({ db, clock, perHour }: { db: Db; clock: Clock; perHour: number }) => {
  const perIp = new TableLimiter({ db, clock, keyPrefix: 'sign-up:ip', points: perHour, duration: 60 * 60 });
  return {
    /** Undefined when this address may sign up now (and the sign-up is counted). */
    take: async (ip: string): Promise<SignUpRefusal | undefined> => {
      const taken = await perIp.consume(limitKey(ip)).catch(overLimit);
      if (taken.consumedPoints <= perIp.points) return undefined;
      return { retryAfterSeconds: retryAfterSeconds(taken), now: clock.now() };
    },
  };
};
export type SignUpThrottle = ReturnType<typeof createSignUpThrottle>;
