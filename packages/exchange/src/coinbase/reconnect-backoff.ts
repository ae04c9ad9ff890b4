/**
 * When feed sockets may reconnect, shared by every socket of one exchange (market feed and every account's user
 * channel): a Coinbase deploy drops them all at once, and reconnecting them on one fixed schedule would hammer the
 * venue in lock-step. Each drop raises the shared ceiling (exponential), and each delay is drawn between half the
 * ceiling and the ceiling ("equal jitter"), so a storm spreads out; a delivered message brings the ceiling down.
 */
export type ReconnectBackoff = {
  /** The delay before this socket's next attempt. */
  nextDelayMs: () => number;
  /** A socket is healthy again (it received a message). */
  succeeded: () => void;
};

export const createReconnectBackoff = (
  options: { initialMs?: number; maxMs?: number; random?: () => number } = {},
): ReconnectBackoff => {
  const initialMs = options.initialMs ?? 500;
  const maxMs = options.maxMs ?? 30_000;
  const random = options.random ?? Math.random;
  let drops = 0;
  return {
    nextDelayMs: () => {
      const ceiling = Math.min(maxMs, initialMs * 2 ** drops);
      drops = Math.min(drops + 1, 30);
      return Math.round(ceiling / 2 + random() * (ceiling / 2));
    },
    succeeded: () => {
      drops = 0;
    },
  };
};
