import {
  dustNote,
  money,
  nextLiquidation,
  profitsDollarAmount,
  retireAll,
  retireAllButLiquidation,
} from '@cdca/engine';
import type { EngineContext } from '../engine-context.ts';
import type { WorkingEpic } from '../store/epic-rows.ts';
import type { AccountSession } from '../venue-sync/account-sessions.ts';
import { DUST_REFUSAL, syncOrders } from '../venue-sync/order-sync.ts';
import type { ChunkAnswers } from '../venue-sync/venue-answers.ts';
import {
  actOnTriggers,
  armTriggers,
  checkProduct,
  levelOneRanAway,
  openEpic,
  restoreLevels,
} from './active-steps.ts';
import { moveEpic, savePosition, writeIntents } from './epic-writes.ts';
import { pauseEpic } from './pause-epic.ts';

export class RecoverableTrouble extends Error {
  override readonly name = 'RecoverableTrouble';
}

/**
 * pending, active, warning: open, re-arm, act on triggers, keep the venue in line with the position. The epic stays
 * open whatever the venue answers here, so those answers may be written with the chunk's (`answers`).
 */
const trade = async (
  ctx: EngineContext,
  session: AccountSession,
  work: WorkingEpic,
  answers: ChunkAnswers,
) => {
  const product = await checkProduct(ctx, session, work);
  if (product === 'delisted') return;
  if (product === 'halted')
    throw new RecoverableTrouble(
      `Trading in ${work.row.productId} is halted on the exchange. Orders stay in place; the epic resumes when trading does.`,
    );
  const written = work.orders.size === 0 ? await openEpic(ctx, work) : await restoreLevels(ctx, work);
  if (!written) return;
  armTriggers(ctx, work);
  if (!(await actOnTriggers(ctx, work)) || work.row.status === 'liquidating') return;
  await syncOrders(ctx, session, work, { send: true, answers: answers.forEpic(work) });
  const ranAway = await levelOneRanAway(ctx, work);
  if (ranAway) throw new RecoverableTrouble(ranAway);
  if (work.row.status === 'pending') await moveEpic(ctx, work, 'orders-placed');
  if (work.row.status === 'warning')
    await moveEpic(ctx, work, 'recovered', { statusReason: null, retryAt: null });
};

/** The take-profit sold everything: once no order is left on the venue, the profit is recorded → closed. */
const settle = async (ctx: EngineContext, session: AccountSession, work: WorkingEpic) => {
  const { live } = await syncOrders(ctx, session, work, { send: false });
  const { position } = work.row;
  if (live.length > 0 || !position) return;
  // The closed notice goes out from afterEpicMoved, like every other ending's.
  await moveEpic(ctx, work, 'settled', {
    profitsDollarAmount: profitsDollarAmount(position),
    closedAt: ctx.clock.now(),
  });
  ctx.book.removeEpic(work.row.id);
};

/** The trader's cancel: every order cancelled, the coins kept. */
const cancelAll = async (ctx: EngineContext, session: AccountSession, work: WorkingEpic) => {
  ctx.book.removeEpic(work.row.id);
  const cancelled = work.row.position && retireAll(work.row.position);
  if (cancelled?.retired && !(await savePosition(ctx, work, cancelled.position))) return;
  const { live } = await syncOrders(ctx, session, work, { send: false });
  if (live.length === 0 && work.row.status === 'cancelling')
    await moveEpic(ctx, work, 'orders-cancelled', { closedAt: ctx.clock.now() });
};

/** The trader's liquidate or the stop: every order cancelled, then everything held market-sold. */
const liquidate = async (ctx: EngineContext, session: AccountSession, work: WorkingEpic) => {
  ctx.book.removeEpic(work.row.id);
  if (!work.row.position) {
    await moveEpic(ctx, work, 'position-sold', { closedAt: ctx.clock.now() });
    return;
  }
  const freed = retireAllButLiquidation(work.row.position);
  if (freed.retired && !(await savePosition(ctx, work, freed.position))) return;
  const { live } = await syncOrders(ctx, session, work, { send: true });
  const held = work.row.position;
  if (live.length > 0 || !held || work.row.status !== 'liquidating') return;
  const product = await ctx.product(work.row.productId);
  const refusedAsDust = [...work.orders.values()].some(
    (r) => r.purpose === 'liquidation' && r.status === 'failed' && r.failureReason?.startsWith(DUST_REFUSAL),
  );
  const sale = nextLiquidation(held, money(product.price), { refusedAsDust });
  if (sale.kind !== 'sell') {
    const dust = sale.kind === 'dust' ? dustNote(sale, product) : undefined;
    await moveEpic(ctx, work, 'position-sold', {
      profitsDollarAmount: profitsDollarAmount(held),
      closedAt: ctx.clock.now(),
      ...(dust ? { statusReason: [work.row.statusReason, dust].filter(Boolean).join(' ') } : {}),
    });
    return;
  }
  if (await writeIntents(ctx, work, sale.position, sale.intents))
    await syncOrders(ctx, session, work, { send: true });
};

/**
 * One pass over one epic. `accountStatus` is the owning account's status this pass: anything but active pauses the
 * epic (pauseEpic). Throws exchange failures for the caller to classify. `answers`: the chunk's, which writes the
 * venue's answers of its epics' steps together.
 */
export const workEpic = async (
  ctx: EngineContext,
  session: AccountSession,
  work: WorkingEpic,
  accountStatus: string | undefined,
  answers: ChunkAnswers,
) => {
  switch (work.row.status) {
    case 'pending':
    case 'warning':
    case 'active':
    case 'processing':
      if (accountStatus !== 'active') return pauseEpic(ctx, session, work, accountStatus);
      return trade(ctx, session, work, answers);
    case 'hit':
      return settle(ctx, session, work);
    case 'cancelling':
      return cancelAll(ctx, session, work);
    case 'liquidating':
      return liquidate(ctx, session, work);
    default:
      return;
  }
};
