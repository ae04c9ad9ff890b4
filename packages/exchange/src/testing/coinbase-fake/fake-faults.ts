/** `afterCommit`: the request is carried out first, then its answer fails: the caller cannot tell whether it did. */
export type FakeFault =
  | {
      status: 500 | 429 | 503;
      times?: number;
      retryAfterSeconds?: number;
      path?: string;
      afterCommit?: boolean;
    }
  /** Accept the request and never answer it (until the server closes). */
  | { timeout: true; times?: number; path?: string; afterCommit?: boolean }
  /** Cut the connection instead of answering (a proxy or the process dying mid-answer). */
  | { drop: true; times?: number; path?: string; afterCommit?: boolean };

export type FaultQueue = {
  push: (fault: FakeFault) => void;
  /** The fault for this request, if one is armed; consumes one of its `times`. */
  take: (path: string) => FakeFault | undefined;
};

export const createFaultQueue = (): FaultQueue => {
  const armed: { fault: FakeFault; left: number }[] = [];
  return {
    push: (fault) => armed.push({ fault, left: fault.times ?? 1 }),
    take: (path) => {
      const index = armed.findIndex(({ fault }) => fault.path === undefined || path.startsWith(fault.path));
      const entry = armed[index];
      if (!entry) return undefined;
      entry.left -= 1;
      if (entry.left <= 0) armed.splice(index, 1);
      return entry.fault;
    },
  };
};

/** Per-key token bucket that refuses instead of waiting, like the venue's limiter. */
export const createRateLimiter = (ratePerSecond: number, now: () => number) => {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (key: string) => {
    const t = now();
    const bucket = buckets.get(key) ?? { tokens: ratePerSecond, at: t };
    bucket.tokens = Math.min(ratePerSecond, bucket.tokens + ((t - bucket.at) / 1000) * ratePerSecond);
    bucket.at = t;
    buckets.set(key, bucket);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const headers = {
      'x-ratelimit-limit': String(ratePerSecond),
      'x-ratelimit-remaining': String(Math.floor(bucket.tokens)),
      'x-ratelimit-reset': String(Math.ceil(t / 1000) + 1),
    };
    return {
      allowed,
      headers,
      retryAfterMs: allowed ? 0 : Math.ceil(((1 - bucket.tokens) / ratePerSecond) * 1000),
    };
  };
};
