import { createTriggerBook } from '@cdca/engine/triggers/trigger-book.ts';
import type { Fill, Product, Unsubscribe } from '@cdca/exchange/exchange.ts';
import { inArray } from 'drizzle-orm';
import { accounts } from '../db/schema.ts';
import { type AccountSession, createAccountSessions } from './account-sessions.ts';
import { applyFills } from './apply-fills.ts';
import type { EngineContext, FiredTrigger } from './engine-context.ts';
import type { EngineDeps } from './engine-deps.ts';
import { createEngineEvents } from './engine-events.ts';
import { createFailureHandler } from './epic-failures.ts';
import { loadWorking, type WorkingEpic } from './epic-rows.ts';
import { workEpic } from './epic-steps.ts';
import { createKnownAbsent } from './known-absent.ts';
import { type ClaimedEpic, holdEpics, releaseLeases } from './lease.ts';
import { createLeaseKeeper } from './lease-keeper.ts';
import { ordersUnsettled } from './order-sync.ts';
import { createPassScheduler } from './pass-scheduler.ts';
import { fillsSinceCursor, newFillsByEpic } from './reconcile-fills.ts';
import { forEachLimited } from './run-limited.ts';

/** Epics whose rows are loaded together (two queries per chunk). */
const LOAD_CHUNK = 200;

/**
 * The engine worker (DESIGN.md §5): claims epics through expiring leases, drives each through the state table,
 * books fills exactly once, and keeps one order on the venue per client order id through crashes and restarts.
 * Accounts are worked `concurrency` at a time, each account's epics one after another (one key, one throttle).
 * An epic left with nothing to do is not loaded again until something can have changed for it: its row (version),
 * a fill, a fired trigger, its account's status, or its product's trading status.
 */
export const createEngine = (deps: EngineDeps) => {
  const clock = deps.clock ?? { now: () => new Date() };
  const leaseMs = deps.leaseMs ?? 30_000;
  const pollMs = deps.pollMs ?? 1_000;
  const overlapMs = deps.reconcileOverlapMs ?? 5 * 60_000;
  const reconcileEveryMs = deps.reconcileEveryMs ?? 15_000;
  const concurrency = deps.concurrency ?? 8;
  const { db, log } = deps;
  let tickUnsubscribe: Unsubscribe | undefined;
  let tickProducts = '';
  const lastReconcile = new Map<string, number>();
  /** Epics held last pass; one not among them is new to this process (or came back) and is worked in full. */
  let heldBefore = new Set<string>();
  /** Epics left with nothing to do, by `${version}:${account status}` at that moment. */
  let quiet = new Map<string, string>();

  const wake = () => scheduler.wake();
  const sessions = createAccountSessions({
    exchange: deps.exchange,
    keys: deps.keys,
    requestsPerSecond:
      deps.requestsPerSecond ?? Math.floor(deps.exchange.capabilities.privateRequestsPerSecond * 0.8),
    onActivity: wake,
  });
  let products = new Map<string, Promise<Product>>();
  const events = createEngineEvents({ db, bus: deps.bus, log });
  const ctx: EngineContext = {
    db,
    clock,
    log,
    hooks: deps.hooks ?? {},
    events,
    notifications: deps.notifications,
    sessions,
    book: createTriggerBook(),
    fired: new Map(),
    knownAbsent: createKnownAbsent(),
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

  const failures = createFailureHandler(ctx, sessions);
  const fail = async (epic: ClaimedEpic, error: unknown) => {
    quiet.delete(epic.id);
    await failures.fail(epic, error);
  };

  const quietKey = (version: number, accountStatus: string | undefined) => `${version}:${accountStatus}`;

  /** Nothing left to do: active with the venue in line, or paused with no buy left waiting. */
  const leftQuiet = (work: WorkingEpic, accountStatus: string | undefined) =>
    !ctx.fired.has(work.row.id) &&
    (accountStatus === 'active'
      ? work.row.status === 'active' && !ordersUnsettled(work)
      : work.row.status === 'warning' && !ordersUnsettled(work, (row) => row.side === 'buy'));

  /** A quiet epic needs a pass again when its row, account or product changed, or a trigger fired for it. */
  const needsWork = async (epic: ClaimedEpic, accountStatus: string | undefined) => {
    if (quiet.get(epic.id) !== quietKey(epic.version, accountStatus) || ctx.fired.has(epic.id)) return true;
    if (accountStatus !== 'active') return false;
    const product = await ctx.product(epic.productId).catch(() => undefined);
    return product?.status !== 'online' || product.tradingDisabled || product.cancelOnly;
  };

  /** The account's fills not yet booked (stream, plus the venue's list when a reconcile is due), by epic. */
  const accountFills = async (session: AccountSession, accountId: string, held: readonly ClaimedEpic[]) => {
    const now = clock.now().getTime();
    const fresh = held.some((e) => !heldBefore.has(e.id));
    let listed: Fill[] = [];
    let saveCursor: (() => Promise<void>) | undefined;
    if (fresh || now - (lastReconcile.get(accountId) ?? 0) >= reconcileEveryMs) {
      ({ fills: listed, saveCursor } = await fillsSinceCursor(ctx, session, accountId, held, overlapMs));
      lastReconcile.set(accountId, now);
    }
    const fills = await newFillsByEpic(ctx, [...session.drainFills(), ...listed], held);
    return { fills, saveCursor };
  };

  const workAccount = async (
    accountId: string,
    held: ClaimedEpic[],
    accountStatus: string | undefined,
    lease: ReturnType<typeof createLeaseKeeper>,
  ) => {
    let session: AccountSession;
    let found: Awaited<ReturnType<typeof accountFills>>;
    try {
      session = await sessions.get(accountId);
      found = await accountFills(session, accountId, held);
    } catch (error) {
      for (const epic of held) await fail(epic, error);
      return;
    }
    const { fills, saveCursor } = found;
    const toWork: ClaimedEpic[] = [];
    for (const epic of held)
      if (fills.has(epic.id) || (await needsWork(epic, accountStatus))) toWork.push(epic);
    let allBooked = true;
    for (let i = 0; i < toWork.length; i += LOAD_CHUNK) {
      const chunk = toWork.slice(i, i + LOAD_CHUNK);
      const loaded = await loadWorking(
        db,
        chunk.map((e) => e.id),
      );
      for (const epic of chunk) {
        const work = loaded.get(epic.id);
        if (!work) continue;
        if (!(await lease.holds(epic.id))) {
          ctx.knownAbsent.forgetEpic(epic.id);
          allBooked = false;
          continue;
        }
        let booked = false;
        try {
          await applyFills(ctx, work, fills.get(epic.id) ?? []);
          booked = true;
          if (failures.backingOff(epic.id)) continue;
          await workEpic(ctx, session, work, accountStatus);
          if (work.row.status !== 'warning') failures.succeeded(epic.id);
          if (leftQuiet(work, accountStatus)) quiet.set(epic.id, quietKey(work.row.version, accountStatus));
          else quiet.delete(epic.id);
        } catch (error) {
          allBooked &&= booked;
          await fail(epic, error);
        }
      }
    }
    if (allBooked) await saveCursor?.();
  };

  /** Each held epic's account status, read once per pass: billing (de)activating an account is seen at once. */
  const accountStatuses = async (accountIds: string[]) => {
    if (accountIds.length === 0) return new Map<string, string>();
    const rows = await db
      .select({ id: accounts.id, status: accounts.status })
      .from(accounts)
      .where(inArray(accounts.id, accountIds));
    return new Map(rows.map((r) => [r.id, r.status]));
  };

  /** One pass: claim (or renew), book fills, advance every held epic that has work. Tests call it directly. */
  const runOnce = async () => {
    products = new Map();
    events.newPass();
    const { held, claimed } = await holdEpics(db, {
      workerId: deps.workerId,
      now: clock.now(),
      leaseMs,
      limit: deps.batchSize ?? 500,
    });
    for (const id of claimed) ctx.knownAbsent.forgetEpic(id);
    const lease = createLeaseKeeper({ db, clock, workerId: deps.workerId, leaseMs, held });
    const byAccount = new Map<string, ClaimedEpic[]>();
    for (const epic of held) byAccount.set(epic.accountId, [...(byAccount.get(epic.accountId) ?? []), epic]);
    const statuses = await accountStatuses([...byAccount.keys()]);
    await forEachLimited([...byAccount], concurrency, async ([accountId, epics]) => {
      try {
        await workAccount(accountId, epics, statuses.get(accountId), lease);
      } catch (error) {
        log.error({ err: error, accountId }, 'engine: an account pass failed; retried next pass');
      }
    });
    heldBefore = new Set(held.map((e) => e.id));
    quiet = new Map([...quiet].filter(([id]) => heldBefore.has(id)));
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
      log.info({ workerId: deps.workerId, leaseMs, concurrency }, 'engine: started');
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
