import { logger } from '../logger.ts';

type Listener = (error: Error) => void;

const listeners = new Set<Listener>();

/** Real-time errors and invalid messages are pushed here (docs/product.md §8); the default sink is the log. */
export const realtimeErrors = {
  push(error: Error): void {
    logger.warn('realtime', { error: error.message });
    for (const listener of listeners) listener(error);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
