/** docs/product.md §9: 1 s doubled per attempt, capped at 60 s, plus up to 1 s jitter; give up after 10 attempts. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_CAP_MS = 60_000;
export const RECONNECT_JITTER_MS = 1_000;
export const MAX_RECONNECT_ATTEMPTS = 10;

/**
 * Delay before reconnect attempt number `attempt` (0-based). `random` is in [0, 1) so tests can pin it;
 * the jitter spreads reconnects when a server restart drops every client at once.
 */
export const reconnectDelayMs = (attempt: number, random: number = Math.random()): number => {
  const base = Math.min(RECONNECT_BASE_MS * 2 ** Math.max(0, attempt), RECONNECT_CAP_MS);
  const jitter = Math.floor(Math.min(Math.max(random, 0), 1) * RECONNECT_JITTER_MS);
  return base + jitter;
};

export const shouldGiveUp = (failedAttempts: number): boolean => failedAttempts >= MAX_RECONNECT_ATTEMPTS;
