import type { BusLogger } from './bus-logger.ts';
import type { RealtimeEnvelope, RealtimeListener } from './event-bus.ts';

export type ListenerSet = {
  subscribe: (listener: RealtimeListener) => () => void;
  emit: (envelope: RealtimeEnvelope) => void;
  clear: () => void;
};

/** Local fan-out shared by both buses: one throwing listener must not starve the others. */
export const createListenerSet = (log: BusLogger): ListenerSet => {
  // One entry per subscription, so the same function subscribed twice is also unsubscribed one at a time.
  const entries = new Set<{ listener: RealtimeListener }>();
  return {
    subscribe: (listener) => {
      const entry = { listener };
      entries.add(entry);
      return () => {
        entries.delete(entry);
      };
    },
    emit: (envelope) => {
      for (const { listener } of [...entries]) {
        try {
          listener(envelope);
        } catch (err) {
          log.error({ err, routingKey: envelope.message.routingKey }, 'realtime listener failed');
        }
      }
    },
    clear: () => entries.clear(),
  };
};
