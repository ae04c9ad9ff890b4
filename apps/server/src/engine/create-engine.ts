import { createTriggerBook } from '@cdca/engine/triggers/trigger-book.ts';
import type { Product, Unsubscribe } from '@cdca/exchange/exchange.ts';
import { createAccountSessions } from './account-sessions.ts';
import { backoffMs, classifyFailure, type Failure } from './classify-failure.ts';
import type { EngineContext, FiredTrigger } from './engine-context.ts';
import type { EngineDeps } from './engine-deps.ts';
import { createEngineEvents } from './engine-events.ts';
import { type EpicRow, loadEpic, saveEpic } from './epic-rows.ts';
import { moveEpic, RecoverableTrouble, workEpic } from './epic-steps.ts';
import { claimEpics, releaseLeases } from './lease.ts';
import { createPassScheduler } from './pass-scheduler.ts';
import { applyAccountFills, reconcileAccount } from './reconcile-fills.ts';

/**
 * The engine worker (DESIGN.md §5): claims epics through expiring leases, drives each through the state table,
 * books fills exactly once, and keeps one order on the venue per client order id through crashes and restarts.
 */
export const createEngine = (deps: EngineDeps) => {
  const clock = deps.clock ?? { now: () => new Date() };
  const leaseMs = deps.leaseMs ?? 30_000;
  const pollMs = deps.pollMs ?? 1_000;
  const overlapMs = deps.reconcileOverlapMs ?? 5 * 60_000;
  const reconcileEveryMs = deps.reconcileEveryMs ?? 15_000;
  const { db, log } = deps;
  let tickUnsubscribe: Unsubscribe | undefined;
  let tickProducts = '';
  const failures = new Map<string, number>();
  /** In-memory back-off for states the table keeps (hit, cancelling, liquidating): not before this time. */
  const notBefore = new Map<string, number>();
  const lastReconcile = new Map<string, number>();
  const seen = new Set<string>();

  const wake = () => scheduler.wake();
  const sessions = createAccountSessions({
    exchange: deps.exchange,
    keys: deps.keys,
    requestsPerSecond:
      deps.requestsPerSecond ?? Math.floor(deps.exchange.capabilities.privateRequestsPerSecond * 0.8),
    onActivity: wake,
  });
  let products = new Map<string, Promise<Product>>();
  const ctx: EngineContext = {
    db,
    clock,
    log,
    hooks: deps.hooks ?? {},
    events: createEngineEvents({ db, bus: deps.bus, log }),
    notifications: deps.notifications,
    sessions,
    book: createTriggerBook(),
    fired: new Map(),
    knownAbsent: new Set(),
    product: (productId) => {
      let found = products.get(productId);
      if (!found) {
        found = deps.exchange.market.getProduct(productId);
        found.catch(() => products.delete(productId));
        products.set(productId, found);
      }
      return found;
    },
  };

  const onTick = (productId: string, bid: string, ask: string) => {
    for (const trigger of ctx.book.onTick(productId, bid, ask)) {
      const list: FiredTrigger[] = ctx.fired.get(trigger.epicId) ?? [];
      list.push({ id: trigger.id, kind: trigger.kind, bid, ask });
      ctx.fired.set(trigger.epicId, list);
    }
  };
  /** Ticks only for products with armed triggers; a newly watched product is checked at once. */
  const watchTicks = async () => {
    const wanted = ctx.book.products().sort();
    const key = wanted.join(',');
    if (key === tickProducts) return;
    const before = new Set(tickProducts.split(','));
    tickUnsubscribe?.();
    tickProducts = key;
    tickUnsubscribe = wanted.length
      ? deps.exchange.market.subscribeTicks(wanted, (tick) => {
          onTick(tick.productId, tick.bid, tick.ask);
          if (ctx.fired.size > 0) wake();
        })
      : undefined;
    for (const productId of wanted.filter((p) => !before.has(p))) {
      const ticker = await deps.exchange.market.getTicker(productId).catch(() => undefined);
      if (ticker) onTick(productId, ticker.bid, ticker.ask);
    }
  };

  const fail = async (row: EpicRow, error: unknown) => {
    const failure: Failure =
      error instanceof RecoverableTrouble
        ? { kind: 'recoverable', reason: error.message, retryAfterMs: null }
        : classifyFailure(error, row.productId);
    const fresh = await loadEpic(db, row.id);
    if (!fresh) return;
    if (failure.kind === 'unknown') {
      log.error({ err: error, epicId: row.id }, 'engine: unexpected failure; the epic is retried next pass');
      return;
    }
    if (failure.kind === 'unrecoverable') {
      if (
        error instanceof Error &&
        'kind' in error &&
        (error.kind === 'unauthorized' || error.kind === 'forbidden')
      )
        sessions.drop(row.accountId);
      await moveEpic(ctx, fresh, 'unrecoverable-failure', { statusReason: failure.reason });
      return;
    }
    const count = (failures.get(row.id) ?? 0) + 1;
    failures.set(row.id, count);
    const retryAt = new Date(clock.now().getTime() + backoffMs(count, failure.retryAfterMs));
    log.warn({ epicId: row.id, reason: failure.reason, retryAt }, 'engine: recoverable failure, backing off');
    if (fresh.status === 'warning') {
      await saveEpic(db, fresh, { statusReason: failure.reason, retryAt }, clock.now());
    } else if (['pending', 'active', 'processing'].includes(fresh.status)) {
      await moveEpic(ctx, fresh, 'recoverable-failure', { statusReason: failure.reason, retryAt });
    } else {
      notBefore.set(row.id, retryAt.getTime());
    }
  };

  const workAccount = async (accountId: string, held: EpicRow[]) => {
    let session: Awaited<ReturnType<typeof sessions.get>>;
    try {
      session = await sessions.get(accountId);
      await applyAccountFills(ctx, session.drainFills(), held);
      const now = clock.now().getTime();
      const fresh = held.some((e) => !seen.has(e.id));
      if (fresh || now - (lastReconcile.get(accountId) ?? 0) >= reconcileEveryMs) {
        await reconcileAccount(ctx, session, accountId, held, overlapMs);
        lastReconcile.set(accountId, now);
      }
    } catch (error) {
      for (const row of held) await fail(row, error);
      return;
    }
    for (const claimed of held) {
      seen.add(claimed.id);
      if ((notBefore.get(claimed.id) ?? 0) > clock.now().getTime()) continue;
      const row = await loadEpic(db, claimed.id);
      if (!row) continue;
      try {
        await workEpic(ctx, session, row);
        const after = await loadEpic(db, row.id);
        if (after && after.status !== 'warning') failures.delete(row.id);
      } catch (error) {
        await fail(row, error);
      }
    }
  };

  /** One pass: claim (or renew), book fills, advance every held epic. Tests call it directly. */
  const runOnce = async () => {
    products = new Map();
    const held = await claimEpics(db, {
      workerId: deps.workerId,
      now: clock.now(),
      leaseMs,
      limit: deps.batchSize ?? 500,
    });
    const byAccount = new Map<string, EpicRow[]>();
    for (const row of held) byAccount.set(row.accountId, [...(byAccount.get(row.accountId) ?? []), row]);
    for (const [accountId, rows] of byAccount) await workAccount(accountId, rows);
    await watchTicks().catch((error: unknown) =>
      log.warn({ err: error }, 'engine: tick subscription failed'),
    );
  };

  const scheduler = createPassScheduler(runOnce, {
    pollMs,
    onError: (error: unknown) => log.error({ err: error }, 'engine: pass failed'),
  });

  return {
    runOnce,
    start: async () => {
      log.info({ workerId: deps.workerId, leaseMs }, 'engine: started');
      scheduler.start();
    },
    /** Finishes the pass under way, then lets go of every lease so another worker takes over at once. */
    stop: async () => {
      await scheduler.stop();
      tickUnsubscribe?.();
      sessions.closeAll();
      await releaseLeases(db, deps.workerId);
      log.info({ workerId: deps.workerId }, 'engine: stopped');
    },
  };
};
export type Engine = ReturnType<typeof createEngine>;
