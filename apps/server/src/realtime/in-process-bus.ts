import { type BusLogger, defaultBusLogger } from './bus-logger.ts';
import type { EventBus } from './event-bus.ts';
import { createListenerSet } from './listener-set.ts';
import { validEnvelope } from './realtime-envelope.ts';

/** The embedded bus: one process, so subscribers are called synchronously inside `publish`. */
export const createInProcessBus = ({ log = defaultBusLogger() }: { log?: BusLogger } = {}): EventBus => {
  const listeners = createListenerSet(log);
  return {
    publish: async (envelope) => {
      const valid = validEnvelope(envelope, log);
      if (valid) listeners.emit(valid);
    },
    subscribe: listeners.subscribe,
    close: async () => listeners.clear(),
  };
};
