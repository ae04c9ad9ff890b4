import { type Clock, systemClock } from '@cdca/engine';
import { AppError } from '../../lib/app-error.ts';
import { limitKey } from '../../lib/rate-limits/limit-key.ts';
import { waitPhrase } from '../../lib/rate-limits/retry-wording.ts';
import { retryAfterSeconds } from '../../lib/rate-limits/table-limiter.ts';
import { createWindowLimiter, type WindowLimiterOptions } from '../../lib/rate-limits/window-limiter.ts';

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

type LimitsOptions = Pick<WindowLimiterOptions, 'db' | 'shared'> & { clock?: Clock };

const accountLimit = (options: WindowLimiterOptions): AccountLimit => {
  const limiter = createWindowLimiter(options);
  return async (sub) => {
    const taken = await limiter.consume(limitKey(sub));
    return taken.consumedPoints <= limiter.points
      ? undefined
      : { retryAfterSeconds: retryAfterSeconds(taken) };
  };
};

/** Counted like the API-wide limit (window-limiter.ts): a backtest far from its allowance waits for no database. */
export const createCandleLimits = ({ db, shared, clock = systemClock }: LimitsOptions) => ({
  candles: accountLimit({ db, shared, clock, keyPrefix: 'candles:account', points: CANDLES_PER_MINUTE }),
  backtests: accountLimit({
    db,
    shared,
    clock,
    keyPrefix: 'backtests:account',
    points: BACKTESTS_PER_MINUTE,
  }),
});

export type CandleLimits = ReturnType<typeof createCandleLimits>;

export const rateLimited = (retryAfter: number) =>
  new AppError(429, 'rate-limited', `Too many requests. Try again in ${waitPhrase(retryAfter)}.`);
