import type { EngineContext } from '../engine-context.ts';
import type { WorkingEpic } from '../store/epic-rows.ts';
import type { ClaimedEpic } from '../store/leases.ts';
import type { AccountSessions } from '../venue-sync/account-sessions.ts';
import { backoffMs, classifyFailure, type Failure } from './classify-failure.ts';
import { RecoverableTrouble } from './epic-steps.ts';
import { moveEpic, patchEpic } from './epic-writes.ts';

const isKeyRefused = (error: unknown) =>
  error instanceof Error && 'kind' in error && (error.kind === 'unauthorized' || error.kind === 'forbidden');

/**
 * What a failed pass over an epic leaves behind (docs/decisions/epic-states.md): recoverable trouble backs off in warning (2 s
 * doubling to 5 min, or the venue's Retry-After), unrecoverable trouble stops in error with the reason, anything
 * else is logged and the epic is simply worked again next pass. States the table keeps through trouble (hit,
 * cancelling, liquidating) back off in memory instead.
 */
export const createFailureHandler = (ctx: EngineContext, sessions: AccountSessions) => {
  const failures = new Map<string, number>();
  const notBefore = new Map<string, number>();
  return {
    fail: async (epic: ClaimedEpic, error: unknown) => {
      const failure: Failure =
        error instanceof RecoverableTrouble
          ? { kind: 'recoverable', reason: error.message, retryAfterMs: null }
          : classifyFailure(error, epic.productId);
      if (failure.kind === 'unknown') {
        ctx.log.error(
          { err: error, epicId: epic.id },
          'engine: unexpected failure; the epic is retried next pass',
        );
        return;
      }
      const row = await ctx.store.loadEpic(epic.id);
      if (!row) return;
      const work: WorkingEpic = { row, orders: new Map() };
      if (failure.kind === 'unrecoverable') {
        if (isKeyRefused(error)) sessions.drop(epic.accountId);
        await moveEpic(ctx, work, 'unrecoverable-failure', { statusReason: failure.reason });
        return;
      }
      const count = (failures.get(epic.id) ?? 0) + 1;
      failures.set(epic.id, count);
      const retryAt = new Date(ctx.clock.now().getTime() + backoffMs(count, failure.retryAfterMs));
      ctx.log.warn(
        { epicId: epic.id, reason: failure.reason, retryAt },
        'engine: recoverable failure, backing off',
      );
      if (row.status === 'warning') {
        await patchEpic(ctx, work, { statusReason: failure.reason, retryAt });
      } else if (['pending', 'active', 'processing'].includes(row.status)) {
        await moveEpic(ctx, work, 'recoverable-failure', { statusReason: failure.reason, retryAt });
      } else {
        notBefore.set(epic.id, retryAt.getTime());
      }
    },
    /** In-memory back-off still running (hit, cancelling, liquidating). */
    backingOff: (epicId: string) => (notBefore.get(epicId) ?? 0) > ctx.clock.now().getTime(),
    /** A pass went through: the next failure starts the back-off afresh. */
    succeeded: (epicId: string) => {
      failures.delete(epicId);
    },
  };
};
