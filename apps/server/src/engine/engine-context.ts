import type { TriggerBook } from '@cdca/engine/triggers/trigger-book.ts';
import type { Product } from '@cdca/exchange/exchange.ts';
import type { Db } from '../db/client.ts';
import type { AccountSessions } from './account-sessions.ts';
import type { EngineClock, EngineHooks, EngineLog, EngineNotifier } from './engine-deps.ts';
import type { EngineEvents } from './engine-events.ts';
import type { KnownAbsent } from './known-absent.ts';

/** A fired trigger with the quote that fired it. */
export type FiredTrigger = { id: string; kind: 'buy' | 'stop'; bid: string; ask: string };

/** What every step of one engine process shares. */
export type EngineContext = {
  db: Db;
  clock: EngineClock;
  log: EngineLog;
  hooks: EngineHooks;
  events: EngineEvents;
  notifications: EngineNotifier | undefined;
  sessions: AccountSessions;
  book: TriggerBook;
  fired: Map<string, FiredTrigger[]>;
  /** Client order ids this process wrote as intents and never tried to send: no look-up needed before sending. */
  knownAbsent: KnownAbsent;
  /** Products read this pass (one request per product, not per epic). */
  product: (productId: string) => Promise<Product>;
};
