import type { TEpicPlan } from '@cdca/contracts/epic-plan.ts';
import type { EpicEvent } from '@cdca/engine/epic-state/epic-transitions.ts';
import { transition } from '@cdca/engine/epic-state/transition.ts';
import { openingIntents } from '@cdca/engine/position/opening-intents.ts';
import { createPosition } from '@cdca/engine/position/position.ts';
import { profitsDollarAmount } from '@cdca/engine/position/position-figures.ts';
import { and, eq } from 'drizzle-orm';
import { accounts } from '../db/schema.ts';
import { epicOrders } from '../modules/epics/epics.schema.ts';
import type { AccountSession } from './account-sessions.ts';
import type { EngineContext } from './engine-context.ts';
import { type EpicPatch, type EpicRow, loadEpic, readPosition, saveEpic, summaryOf } from './epic-rows.ts';
import { armedRow, intentRow, liquidationOrder, retireAll } from './order-rows.ts';
import { syncOrders } from './order-sync.ts';

/** Every status change goes through the one table; an illegal one is logged and refused, never forced. */
export const moveEpic = async (ctx: EngineContext, row: EpicRow, event: EpicEvent, patch: EpicPatch = {}) => {
  const moved = transition(row.status, event);
  if (!moved.ok) {
    ctx.log.warn({ epicId: row.id, error: moved.error }, 'engine: refused an illegal transition');
    return undefined;
  }
  const saved = await saveEpic(ctx.db, row, { ...patch, status: moved.state }, ctx.clock.now());
  if (saved) {
    await ctx.events.epicUpdated(row.id);
    ctx.log.info({ epicId: row.id, from: row.status, to: saved.status, event }, 'engine: epic moved');
  }
  return saved;
};

const accountActive = async (ctx: EngineContext, accountId: string) => {
  const [account] = await ctx.db
    .select({ status: accounts.status })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account?.status === 'active';
};

/** pending: the opening intents written (rows first, in one transaction with the position), then sent. */
const open = async (ctx: EngineContext, row: EpicRow): Promise<EpicRow | undefined> => {
  // The API saves the initial position with the epic; an older row may have none.
  const position =
    readPosition(row) ?? createPosition(row.id, row.plan as TEpicPlan, await ctx.product(row.productId));
  const intents = openingIntents(position);
  return ctx.db.transaction(async (tx) => {
    const saved = await saveEpic(tx, row, summaryOf(position), ctx.clock.now());
    if (!saved) return undefined;
    for (const intent of intents) {
      if (intent.type === 'place-order') {
        await tx.insert(epicOrders).values(intentRow(row.id, intent)).onConflictDoNothing();
        ctx.knownAbsent.add(intent.request.clientOrderId);
      } else if (intent.type === 'arm-trigger') {
        const order = position.orders[intent.clientOrderId];
        if (order) await tx.insert(epicOrders).values(armedRow(row.id, order)).onConflictDoNothing();
      }
    }
    return saved;
  });
};

/** Arms the epic's above-levels and stop in this process's trigger book (idempotent; restart-safe). */
const armTriggers = async (ctx: EngineContext, row: EpicRow) => {
  const rows = await ctx.db
    .select()
    .from(epicOrders)
    .where(and(eq(epicOrders.epicId, row.id), eq(epicOrders.status, 'armed')));
  for (const r of rows) {
    if (!ctx.book.has(r.clientOrderId) && r.limitPrice) {
      ctx.book.add({
        id: r.clientOrderId,
        epicId: row.id,
        productId: row.productId,
        kind: 'buy',
        price: r.limitPrice,
      });
    }
  }
  const stopPrice = (row.plan as TEpicPlan).stopPrice;
  const stopId = `stop:${row.id}`;
  if (stopPrice && !ctx.book.has(stopId)) {
    ctx.book.add({ id: stopId, epicId: row.id, productId: row.productId, kind: 'stop', price: stopPrice });
  }
};

/** Fired above-levels become intents at the ask that fired them; a fired stop liquidates. */
const actOnTriggers = async (ctx: EngineContext, row: EpicRow): Promise<EpicRow | undefined> => {
  const fired = ctx.fired.get(row.id) ?? [];
  ctx.fired.delete(row.id);
  let current: EpicRow | undefined = row;
  for (const trigger of fired) {
    if (!current) break;
    if (trigger.kind === 'stop') {
      current = await moveEpic(ctx, current, 'stop-triggered', {
        statusReason: `The bid fell to the stop price (${trigger.bid}).`,
      });
      continue;
    }
    await ctx.db
      .update(epicOrders)
      .set({ status: 'intent', limitPrice: trigger.ask, updatedAt: ctx.clock.now() })
      .where(and(eq(epicOrders.clientOrderId, trigger.id), eq(epicOrders.status, 'armed')));
    ctx.knownAbsent.add(trigger.id);
  }
  return current;
};

/** Product gone or halted: delisted (open orders cancelled) or a warning until trading resumes. */
const checkProduct = async (
  ctx: EngineContext,
  session: AccountSession,
  row: EpicRow,
): Promise<'ok' | 'delisted' | 'halted'> => {
  const product = await ctx.product(row.productId);
  if (product.status === 'delisted') {
    const position = readPosition(row);
    const saved = position
      ? await saveEpic(ctx.db, row, summaryOf(retireAll(position)), ctx.clock.now())
      : row;
    ctx.book.removeEpic(row.id);
    // Best effort: a delisted product's orders are usually cancelled by the venue already.
    if (saved) await syncOrders(ctx, session, row.id, { send: false }).catch(() => undefined);
    const fresh = await loadEpic(ctx.db, row.id);
    if (fresh)
      await moveEpic(ctx, fresh, 'product-delisted', {
        statusReason: `${row.productId} was delisted by the exchange; open orders were cancelled and the coins bought are kept.`,
        closedAt: ctx.clock.now(),
      });
    return 'delisted';
  }
  if (product.status !== 'online' || product.tradingDisabled || product.cancelOnly) return 'halted';
  return 'ok';
};

export class RecoverableTrouble extends Error {
  override readonly name = 'RecoverableTrouble';
}

/** One pass over one epic. Throws exchange failures for the caller to classify. */
export const workEpic = async (ctx: EngineContext, session: AccountSession, claimed: EpicRow) => {
  let row: EpicRow | undefined = claimed;
  switch (row.status) {
    case 'pending':
    case 'warning':
    case 'active':
    case 'processing': {
      if (!(await accountActive(ctx, row.accountId))) {
        throw new RecoverableTrouble(
          'Your CDCA account is not active, so the epic places no new orders (nothing is sold). It resumes when the account is active again.',
        );
      }
      const product = await checkProduct(ctx, session, row);
      if (product === 'delisted') return;
      if (product === 'halted')
        throw new RecoverableTrouble(
          `Trading in ${row.productId} is halted on the exchange. Orders stay in place; the epic resumes when trading does.`,
        );
      const opened = await ctx.db
        .select({ id: epicOrders.id })
        .from(epicOrders)
        .where(eq(epicOrders.epicId, row.id))
        .limit(1);
      if (opened.length === 0) row = await open(ctx, row);
      if (!row) return;
      await armTriggers(ctx, row);
      row = await actOnTriggers(ctx, row);
      if (!row || row.status === 'liquidating') return;
      await syncOrders(ctx, session, row.id, { send: true });
      row = await loadEpic(ctx.db, row.id);
      if (!row) return;
      if (row.status === 'pending') await moveEpic(ctx, row, 'orders-placed');
      if (row.status === 'warning')
        await moveEpic(ctx, row, 'recovered', { statusReason: null, retryAt: null });
      return;
    }
    case 'hit': {
      const { live } = await syncOrders(ctx, session, row.id, { send: false });
      if (live.length > 0) return;
      const fresh = await loadEpic(ctx.db, row.id);
      const position = fresh && readPosition(fresh);
      if (!fresh || !position) return;
      const closed = await moveEpic(ctx, fresh, 'settled', {
        profitsDollarAmount: profitsDollarAmount(position),
        closedAt: ctx.clock.now(),
      });
      ctx.book.removeEpic(row.id);
      if (closed)
        await ctx.notifications
          ?.notifyEpicClosed({ epic: closed })
          .catch((error: unknown) => ctx.log.warn({ err: error }, 'engine: epic-closed notification failed'));
      return;
    }
    case 'cancelling': {
      ctx.book.removeEpic(row.id);
      const position = readPosition(row);
      if (position && Object.values(position.orders).some((o) => !o.retired)) {
        await saveEpic(ctx.db, row, summaryOf(retireAll(position)), ctx.clock.now());
      }
      const { live } = await syncOrders(ctx, session, row.id, { send: false });
      const fresh = await loadEpic(ctx.db, row.id);
      if (live.length === 0 && fresh?.status === 'cancelling') {
        await moveEpic(ctx, fresh, 'orders-cancelled', { closedAt: ctx.clock.now() });
      }
      return;
    }
    case 'liquidating': {
      ctx.book.removeEpic(row.id);
      const position = readPosition(row);
      if (!position) {
        await moveEpic(ctx, row, 'position-sold', { closedAt: ctx.clock.now() });
        return;
      }
      const keep = (o: { purpose: string }) => o.purpose === 'liquidation';
      if (Object.values(position.orders).some((o) => !o.retired && !keep(o))) {
        await saveEpic(ctx.db, row, summaryOf(retireAll(position, keep)), ctx.clock.now());
      }
      const { live } = await syncOrders(ctx, session, row.id, { send: true });
      if (live.length > 0) return;
      const fresh = await loadEpic(ctx.db, row.id);
      const held = fresh && readPosition(fresh);
      if (!fresh || !held || fresh.status !== 'liquidating') return;
      const sale = liquidationOrder(held);
      if (!sale) {
        await moveEpic(ctx, fresh, 'position-sold', {
          profitsDollarAmount: profitsDollarAmount(held),
          closedAt: ctx.clock.now(),
        });
        return;
      }
      await ctx.db.transaction(async (tx) => {
        const saved = await saveEpic(tx, fresh, summaryOf(sale.position), ctx.clock.now());
        if (saved) await tx.insert(epicOrders).values(intentRow(fresh.id, sale.intent)).onConflictDoNothing();
      });
      ctx.knownAbsent.add(sale.intent.request.clientOrderId);
      await syncOrders(ctx, session, row.id, { send: true });
      return;
    }
    default:
      return;
  }
};
