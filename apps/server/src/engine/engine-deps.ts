import type { TEpicEnding } from '@cdca/contracts';
import type { Exchange, ExchangeCredentials } from '@cdca/exchange';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { EpicRow } from './store/epic-rows.ts';

/** Where the engine gets a trader's decrypted key: ExchangeKeysService.credentialsFor. */
export type KeysAccess = { credentialsFor: (accountId: string) => Promise<ExchangeCredentials | undefined> };

/** The notifications service's engine-facing half (modules/notifications/notifications.service.ts). */
export type EngineNotifier = {
  notifyEpicEnded: (input: { epic: EpicRow; ending?: TEpicEnding }) => Promise<unknown>;
  notifyEpicHit: (input: { epic: EpicRow; level?: number }) => Promise<unknown>;
};

export type EngineClock = { now: () => Date };

export type EngineLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

export type EngineDeps = {
  db: Db;
  bus: EventBus;
  exchange: Exchange;
  keys: KeysAccess;
  notifications?: EngineNotifier;
  /**
   * Called once an epic's move into history (closed, cancelled, liquidated, delisted) is committed: the account's
   * rank is recomputed here. A failure is logged and never undoes or blocks trading.
   */
  onEpicEnded?: (epic: EpicRow) => Promise<unknown>;
  clock?: EngineClock;
  /** Unique per process, e.g. `${hostname}:${pid}`. */
  workerId: string;
  /** How long a claim holds an epic without renewal; a dead worker's epics are taken over after it. */
  leaseMs?: number;
  /** Pause between passes when idle. */
  pollMs?: number;
  /** Fills are re-read from the cursor minus this, so a fill recorded late by the venue is not skipped. */
  reconcileOverlapMs?: number;
  /** How often (engine clock) each account's fills are reconciled against the venue. */
  reconcileEveryMs?: number;
  /** Epics claimed per pass. */
  batchSize?: number;
  /** Accounts worked at the same time within a pass (each account's epics one after another). */
  concurrency?: number;
  /** Kept under the venue's per-key limit (Coinbase: 30/s private). */
  requestsPerSecond?: number;
  log: EngineLog;
};
