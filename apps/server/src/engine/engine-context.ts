import type { Product, TriggerBook } from '@cdca/engine';
import type { EngineClock, EngineDeps, EngineLog, EngineNotifier } from './engine-deps.ts';
import type { EngineEvents } from './engine-events.ts';
import type { EpicStore } from './store/epic-store.ts';
import type { AccountSessions } from './venue-sync/account-sessions.ts';
import type { KnownAbsent } from './venue-sync/known-absent.ts';

/** A fired trigger with the quote that fired it. */
export type FiredTrigger = { id: string; kind: 'buy' | 'stop'; bid: string; ask: string };

/** What every step of one engine process shares. */
export type EngineContext = {
  store: EpicStore;
  clock: EngineClock;
  log: EngineLog;
  events: EngineEvents;
  notifications: EngineNotifier | undefined;
  onEpicEnded: EngineDeps['onEpicEnded'];
  sessions: AccountSessions;
  book: TriggerBook;
  fired: Map<string, FiredTrigger[]>;
  /** Client order ids this process wrote as intents and never tried to send: no look-up needed before sending. */
  knownAbsent: KnownAbsent;
  /** Products read this pass (one request per product, not per epic). */
  product: (productId: string) => Promise<Product>;
};
