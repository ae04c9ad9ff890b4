import type { TEpicEnding, TEpicStatus } from '@cdca/contracts';
import { TERMINAL_STATES } from '@cdca/engine';
import type { EngineContext } from '../engine-context.ts';
import type { EpicRow } from '../store/epic-rows.ts';

/** How a stop's liquidation starts its reason; the ended notice tells a stop from the trader's liquidate by it. */
export const STOP_REASON = 'The bid fell to the stop price';

const entered = (from: TEpicStatus, saved: EpicRow, states: readonly TEpicStatus[]) =>
  !states.includes(from) && states.includes(saved.status);

/** The liquidated status covers the trader's liquidate and the stop; the reason the stop wrote tells them apart. */
const endingOf = (saved: EpicRow): TEpicEnding | undefined =>
  saved.status === 'liquidated' && saved.statusReason?.startsWith(STOP_REASON) ? 'stopped' : undefined;

/**
 * The one hook for an epic that has just moved into history (from a status that was not), or into error: the
 * trader is told (docs/decisions/epic-states.md, "Notices") and, for history, the account's rank is recomputed
 * (docs/decisions/rank-tiers.md). After the commit, off the trading path's outcome: a failure is logged, never
 * retried into the epic. A move the table refused or that lost a race never reaches here, so each ending is
 * announced once.
 */
export const afterEpicMoved = async (ctx: EngineContext, from: TEpicStatus, saved: EpicRow) => {
  const ended = entered(from, saved, TERMINAL_STATES);
  if (ended || entered(from, saved, ['error'])) {
    const ending = endingOf(saved);
    await ctx.notifications
      ?.notifyEpicEnded({ epic: saved, ...(ending ? { ending } : {}) })
      .catch((error: unknown) =>
        ctx.log.warn({ err: error, epicId: saved.id }, 'engine: the ended-epic notice failed'),
      );
  }
  if (!ended || !ctx.onEpicEnded) return;
  await ctx
    .onEpicEnded(saved)
    .catch((error: unknown) =>
      ctx.log.warn(
        { err: error, epicId: saved.id },
        'engine: recomputing the rank after an ended epic failed',
      ),
    );
};
