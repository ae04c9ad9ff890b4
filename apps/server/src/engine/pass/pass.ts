import type { EngineContext } from '../engine-context.ts';
import type { createFailureHandler } from '../steps/epic-failures.ts';
import type { ClaimedEpic } from '../store/leases.ts';
import type { AccountFills } from './account-fills.ts';
import { createLeaseKeeper } from './lease-keeper.ts';
import type { QuietEpics } from './quiet-epics.ts';
import { forEachLimited } from './run-limited.ts';
import { workAccount } from './work-account.ts';

export type PassOptions = {
  workerId: string;
  leaseMs: number;
  /** Epics claimed per pass. */
  batchSize: number;
  /** Accounts worked at the same time (each account's epics one after another). */
  concurrency: number;
};

/** What a pass works with, made once per process. */
export type PassParts = {
  ctx: EngineContext;
  failures: ReturnType<typeof createFailureHandler>;
  quiet: QuietEpics;
  fills: AccountFills;
  /** Before claiming: what was cached for the last pass (products, coins) is read afresh. */
  newPass: () => void;
  /** After every account: e.g. the tick subscription follows the trigger book. */
  afterPass: () => Promise<void>;
};

const byAccount = (held: readonly ClaimedEpic[]) => Map.groupBy(held, (epic) => epic.accountId);

/**
 * One pass (docs/decisions/worker-over-domain.md): claim (or renew) the epics this worker may work, then fan out per account,
 * `concurrency` accounts at a time. An account that fails is logged and retried next pass; the others go on.
 * Tests call it directly as `runOnce`.
 */
export const createPass = (parts: PassParts, options: PassOptions) => async () => {
  const { ctx } = parts;
  parts.newPass();
  const { held, claimed } = await ctx.store.holdEpics({
    workerId: options.workerId,
    now: ctx.clock.now(),
    leaseMs: options.leaseMs,
    limit: options.batchSize,
  });
  for (const id of claimed) ctx.knownAbsent.forgetEpic(id);
  const lease = createLeaseKeeper({ store: ctx.store, clock: ctx.clock, ...options, held });
  const accounts = byAccount(held);
  const statuses = await ctx.store.accountStatuses([...accounts.keys()]);
  await forEachLimited([...accounts], options.concurrency, async ([accountId, epics]) => {
    try {
      await workAccount({ ...parts, lease }, accountId, epics, statuses.get(accountId));
    } catch (error) {
      ctx.log.error({ err: error, accountId }, 'engine: an account pass failed; retried next pass');
    }
  });
  const heldIds = new Set(held.map((e) => e.id));
  parts.fills.passDone(heldIds);
  parts.quiet.keepOnly(heldIds);
  await parts.afterPass();
};
