import { createTriggerBook } from '@cdca/engine';
import type { EngineContext } from './engine-context.ts';
import type { EngineDeps } from './engine-deps.ts';
import { createEngineEvents } from './engine-events.ts';
import { createAccountFills } from './pass/account-fills.ts';
import { createPass } from './pass/pass.ts';
import { createPassScheduler } from './pass/pass-scheduler.ts';
import { createQuietEpics } from './pass/quiet-epics.ts';
import { createFailureHandler } from './steps/epic-failures.ts';
import { createEpicStore } from './store/epic-store.ts';
import { createTickWatch } from './tick-watch.ts';
import { createAccountSessions } from './venue-sync/account-sessions.ts';
import { createKnownAbsent } from './venue-sync/known-absent.ts';
import { createProductsThisPass } from './venue-sync/products-this-pass.ts';

/** The settings a deployment may leave out, with the defaults the worker runs on. */
const settingsOf = (deps: EngineDeps) => ({
  clock: deps.clock ?? { now: () => new Date() },
  workerId: deps.workerId,
  leaseMs: deps.leaseMs ?? 30_000,
  pollMs: deps.pollMs ?? 1_000,
  overlapMs: deps.reconcileOverlapMs ?? 5 * 60_000,
  reconcileEveryMs: deps.reconcileEveryMs ?? 15_000,
  batchSize: deps.batchSize ?? 500,
  concurrency: deps.concurrency ?? 8,
  requestsPerSecond:
    deps.requestsPerSecond ?? Math.floor(deps.exchange.capabilities.privateRequestsPerSecond * 0.8),
});
type EngineSettings = ReturnType<typeof settingsOf>;

/** What every step shares; `wake` asks for a pass soon (the user stream delivered something). */
const createContext = (
  deps: EngineDeps,
  settings: EngineSettings,
  product: EngineContext['product'],
  wake: () => void,
): EngineContext => {
  const store = createEpicStore(deps.db);
  return {
    store,
    clock: settings.clock,
    log: deps.log,
    events: createEngineEvents({ store, bus: deps.bus, log: deps.log }),
    notifications: deps.notifications,
    onEpicEnded: deps.onEpicEnded,
    sessions: createAccountSessions({
      exchange: deps.exchange,
      keys: deps.keys,
      requestsPerSecond: settings.requestsPerSecond,
      onActivity: wake,
    }),
    book: createTriggerBook(),
    fired: new Map(),
    knownAbsent: createKnownAbsent(),
    product,
  };
};

/**
 * The engine worker (docs/decisions/worker-over-domain.md, docs/decisions/worker-over-domain.md): claims epics through expiring leases,
 * drives each through the state table, books fills exactly once, and keeps one order on the venue per client order
 * id through crashes and restarts. It executes what the domain (packages/engine) decides and records it through
 * its one store; this file only wires the parts together and runs passes one at a time.
 */
export const createEngine = (deps: EngineDeps) => {
  const settings = settingsOf(deps);
  const { log, exchange } = deps;
  const wake = () => scheduler.wake();
  const products = createProductsThisPass(exchange.market);
  const ctx = createContext(deps, settings, products.get, wake);
  const ticks = createTickWatch(ctx, exchange.market, wake);
  const runOnce = createPass(
    {
      ctx,
      failures: createFailureHandler(ctx, ctx.sessions),
      quiet: createQuietEpics(ctx),
      fills: createAccountFills(ctx, settings),
      newPass: () => {
        products.newPass();
        ctx.events.newPass();
      },
      afterPass: () =>
        ticks
          .follow()
          .catch((error: unknown) => log.warn({ err: error }, 'engine: tick subscription failed')),
    },
    settings,
  );
  const scheduler = createPassScheduler(runOnce, {
    pollMs: settings.pollMs,
    onError: (error: unknown) => log.error({ err: error }, 'engine: pass failed'),
  });

  return {
    runOnce,
    start: async () => {
      log.info(
        { workerId: deps.workerId, leaseMs: settings.leaseMs, concurrency: settings.concurrency },
        'engine: started',
      );
      scheduler.start();
    },
    /** Finishes the pass under way, then lets go of every lease so another worker takes over at once. */
    stop: async () => {
      await scheduler.stop();
      ticks.close();
      ctx.sessions.closeAll();
      await ctx.store.releaseLeases(deps.workerId);
      log.info({ workerId: deps.workerId }, 'engine: stopped');
    },
  };
};
export type Engine = ReturnType<typeof createEngine>;
