import { hostname } from 'node:os';
import type { Exchange } from '@cdca/exchange';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createEngine } from './engine/create-engine.ts';
import type { EngineDeps, EngineNotifier, KeysAccess } from './engine/engine-deps.ts';
import type { EventBus } from './realtime/event-bus.ts';

/** Something that works in the background for as long as the app serves. */
export type BackgroundJob = { start: () => Promise<void>; stop: () => Promise<void> };

type WorkerDeps = {
  config: Config;
  db: Db;
  bus: EventBus;
  exchange: Exchange;
  keys: KeysAccess;
  notifications: EngineNotifier;
  onEpicEnded?: EngineDeps['onEpicEnded'];
  log: FastifyBaseLogger;
};

/** The epic worker of this process, or undefined when ENGINE=off (another process runs it, or a test does). */
export const createWorker = ({ config, ...deps }: WorkerDeps): BackgroundJob | undefined => {
  if (!config.engineEnabled) return undefined;
  return createEngine({
    ...deps,
    workerId: `${hostname()}:${process.pid}`,
    leaseMs: config.engineLeaseMs,
  });
};

/**
 * Ties a background job to the app's lifecycle: it starts once the app is ready and stops (the worker releasing
 * its leases, so another process takes over at once) before the app closes its connections.
 */
export const runWithApp = (app: FastifyInstance, job: BackgroundJob | undefined): void => {
  if (!job) return;
  app.addHook('onReady', job.start);
  app.addHook('preClose', job.stop);
};
