type Keyed = { id: string };

/**
 * At most one event per key per `minIntervalMs`: the first goes out at once, later ones within the window are
 * folded into one carrying the latest value, sent when the window ends. Bounds realtime traffic per coin however
 * fast the ticks come.
 */
export const createEventThrottle = <T extends Keyed>(options: {
  minIntervalMs: number;
  send: (value: T) => void;
  now?: () => number;
}) => {
  const now = options.now ?? Date.now;
  const lastSent = new Map<string, number>();
  const pending = new Map<string, { value: T; timer: NodeJS.Timeout }>();

  const sendNow = (value: T) => {
    lastSent.set(value.id, now());
    options.send(value);
  };

  return {
    offer: (value: T) => {
      const waiting = pending.get(value.id);
      if (waiting) {
        waiting.value = value;
        return;
      }
      const since = now() - (lastSent.get(value.id) ?? Number.NEGATIVE_INFINITY);
      if (since >= options.minIntervalMs) {
        sendNow(value);
        return;
      }
      const timer = setTimeout(() => {
        const entry = pending.get(value.id);
        pending.delete(value.id);
        if (entry) sendNow(entry.value);
      }, options.minIntervalMs - since);
      timer.unref();
      pending.set(value.id, { value, timer });
    },
    stop: () => {
      for (const { timer } of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
};
