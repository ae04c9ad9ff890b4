import type { TEpicStatus } from '@cdca/contracts';
import { TERMINAL_STATES } from '@cdca/engine';
import type { EngineContext } from '../engine-context.ts';
import type { EpicRow } from '../store/epic-rows.ts';

/**
 * The one hook for an epic that has just moved into history (from a status that was not): the account's rank is
 * recomputed there (docs/decisions/rank-tiers.md). After the commit, off the trading path's outcome: a failure is
 * logged, never retried into the epic.
 */
export const afterEpicMoved = async (ctx: EngineContext, from: TEpicStatus, saved: EpicRow) => {
  if (!ctx.onEpicEnded || TERMINAL_STATES.includes(from) || !TERMINAL_STATES.includes(saved.status)) return;
  await ctx
    .onEpicEnded(saved)
    .catch((error: unknown) =>
      ctx.log.warn(
        { err: error, epicId: saved.id },
        'engine: recomputing the rank after an ended epic failed',
      ),
    );
};
