import { retireWaitingBuys } from '@cdca/engine';
import type { EngineContext } from '../engine-context.ts';
import type { WorkingEpic } from '../store/epic-rows.ts';
import type { AccountSession } from '../venue-sync/account-sessions.ts';
import { syncOrders } from '../venue-sync/order-sync.ts';
import { moveEpic, patchEpic, savePosition } from './epic-writes.ts';

const WHILE_PAUSED =
  'this epic buys nothing more (its waiting buy orders were cancelled) and sells nothing on its own; its take-profit stays on the exchange';

/** Why the epic waits, in words the trader can act on. */
export const pausedReason = (accountStatus: string | undefined) =>
  accountStatus === 'deactivated'
    ? `Your CDCA account is deactivated (a payment is overdue or the subscription ended), so ${WHILE_PAUSED}. Pay the open CDCA payment and the epic resumes by itself, placing its buy orders again.`
    : `Your CDCA account is not active${accountStatus ? ` (${accountStatus})` : ''}, so ${WHILE_PAUSED}. The epic resumes by itself, placing its buy orders again, once the account is active.`;

/**
 * The account is not active (billing deactivated it): no new money is committed and nothing is sold. Buys waiting on
 * the venue are cancelled (fills that beat the cancel are booked as usual), triggers are dropped from the book
 * (re-armed on resume), and the take-profit is left resting: it only sells at a profit, and cancelling it could
 * cost the trader a sale the market is about to give. The epic waits in warning without back-off, so it resumes at
 * the first pass after the account is active again.
 */
export const pauseEpic = async (
  ctx: EngineContext,
  session: AccountSession,
  work: WorkingEpic,
  accountStatus: string | undefined,
) => {
  ctx.fired.delete(work.row.id);
  ctx.book.removeEpic(work.row.id);
  const { position } = work.row;
  if (position) {
    const onVenue = (clientOrderId: string) => {
      const status = work.orders.get(clientOrderId)?.status;
      return status === 'open' || status === 'intent';
    };
    const paused = retireWaitingBuys(position, (order) => onVenue(order.clientOrderId));
    if (paused.retired > 0 && !(await savePosition(ctx, work, paused.position))) return;
    await syncOrders(ctx, session, work, { send: false, only: (row) => row.side === 'buy' });
  }
  const statusReason = pausedReason(accountStatus);
  if (work.row.status !== 'warning') {
    await moveEpic(ctx, work, 'recoverable-failure', { statusReason, retryAt: null });
  } else if (work.row.statusReason !== statusReason || work.row.retryAt !== null) {
    await patchEpic(ctx, work, { statusReason, retryAt: null });
  }
};
