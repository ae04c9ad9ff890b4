import { type Clock, systemClock } from '@cdca/engine';

export type TokenBucket = {
  /** Resolves when a request may go out; waits for a token rather than failing. */
  take: () => Promise<void>;
};

/**
 * Client-side throttle so we never earn Coinbase's 429 (30 req/s per key private, 10 req/s per IP public).
 * Requests queue in order; each waits until the bucket has refilled one token.
 */
export const createTokenBucket = (options: {
  ratePerSecond: number;
  capacity?: number;
  clock?: Clock;
  sleep?: (ms: number) => Promise<void>;
}): TokenBucket => {
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const capacity = options.capacity ?? options.ratePerSecond;
  let tokens = capacity;
  let refilledAt = clock.now().getTime();
  let queue: Promise<void> = Promise.resolve();

  const refill = () => {
    const now = clock.now().getTime();
    tokens = Math.min(capacity, tokens + ((now - refilledAt) / 1000) * options.ratePerSecond);
    refilledAt = now;
  };

  const takeOne = async () => {
    refill();
    while (tokens < 1) {
      await sleep(Math.ceil(((1 - tokens) / options.ratePerSecond) * 1000));
      refill();
    }
    tokens -= 1;
  };

  return {
    take: () => {
      const turn = queue.then(takeOne);
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
};
