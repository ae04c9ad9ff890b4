import type { Fill } from '@cdca/engine';
import type { EngineContext } from '../engine-context.ts';
import type { ClaimedEpic } from '../store/leases.ts';
import type { AccountSession } from '../venue-sync/account-sessions.ts';
import { fillsSinceCursor, newFillsByEpic } from '../venue-sync/reconcile-fills.ts';

type AccountFillsOptions = {
  /** How often (engine clock) each account's fills are reconciled against the venue. */
  reconcileEveryMs: number;
  /** Fills are re-read from the cursor minus this, so a fill recorded late by the venue is not skipped. */
  overlapMs: number;
};

/**
 * Each account's fills not yet booked: the stream's, plus the venue's list when a reconcile is due — every
 * `reconcileEveryMs`, and at once when the account has an epic new to this process (another worker may have
 * missed fills of it before it died).
 */
export const createAccountFills = (
  ctx: EngineContext,
  { reconcileEveryMs, overlapMs }: AccountFillsOptions,
) => {
  const lastReconcile = new Map<string, number>();
  let heldBefore: ReadonlySet<string> = new Set();

  const listed = async (
    session: AccountSession,
    accountId: string,
    held: readonly ClaimedEpic[],
  ): Promise<{ fills: Fill[]; saveCursor?: () => Promise<void> }> => {
    const now = ctx.clock.now().getTime();
    const fresh = held.some((e) => !heldBefore.has(e.id));
    if (!fresh && now - (lastReconcile.get(accountId) ?? 0) < reconcileEveryMs) return { fills: [] };
    const found = await fillsSinceCursor(ctx, session, accountId, held, overlapMs);
    lastReconcile.set(accountId, now);
    return found;
  };

  return {
    /** By epic; `saveCursor`, when a reconcile ran, moves the account's cursor once all of them are booked. */
    due: async (
      session: AccountSession,
      accountId: string,
      held: readonly ClaimedEpic[],
    ): Promise<{ fills: Map<string, Fill[]>; saveCursor?: () => Promise<void> }> => {
      const { fills, saveCursor } = await listed(session, accountId, held);
      return { fills: await newFillsByEpic(ctx, [...session.drainFills(), ...fills], held), saveCursor };
    },
    /** The epics this pass held: one missing from them next pass is new to this process (or came back). */
    passDone: (held: ReadonlySet<string>) => {
      heldBefore = held;
    },
  };
};
export type AccountFills = ReturnType<typeof createAccountFills>;
