import { type Clock, systemClock } from '@cdca/engine';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { limitKey } from '../../lib/rate-limits/limit-key.ts';
import { waitPhrase } from '../../lib/rate-limits/retry-wording.ts';
import { overLimit, retryAfterSeconds, TableLimiter } from '../../lib/rate-limits/table-limiter.ts';

/**
 * Per-account allowances of the two heavy calls, on top of the API-wide limit (docs/decisions/candle-store.md): a
 * year of minutes is ~17 MB to send and a backtest tens of milliseconds of CPU (a year's 365 starts). The browser
 * needs a series once per coin and window; the create-epic form asks for a backtest as soon as its inputs change
 * and the previous answer is in, one at a time (docs/decisions/backtest-panel.md), so a trader clicking through
 * settings can ask several a second for a few seconds: three a second sustained, a fifth of a core at most.
 */
export const CANDLES_PER_MINUTE = 30;
export const BACKTESTS_PER_MINUTE = 180;

export type AccountLimit = (sub: string) => Promise<{ retryAfterSeconds: number } | undefined>;

const accountLimit = (db: Db, clock: Clock, keyPrefix: string, points: number): AccountLimit => {
  const limiter = new TableLimiter({ db, clock, keyPrefix, points, duration: 60 });
  return async (sub) => {
    const taken = await limiter.consume(limitKey(sub)).catch(overLimit);
    return taken.consumedPoints <= points ? undefined : { retryAfterSeconds: retryAfterSeconds(taken) };
  };
};

export const createCandleLimits = (db: Db, clock: Clock = systemClock) => ({
  candles: accountLimit(db, clock, 'candles:account', CANDLES_PER_MINUTE),
  backtests: accountLimit(db, clock, 'backtests:account', BACKTESTS_PER_MINUTE),
});

export type CandleLimits = ReturnType<typeof createCandleLimits>;

export const rateLimited = (retryAfter: number) =>
  new AppError(429, 'rate-limited', `Too many requests. Try again in ${waitPhrase(retryAfter)}.`);
