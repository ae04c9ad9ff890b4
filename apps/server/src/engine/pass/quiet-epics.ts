import type { EngineContext } from '../engine-context.ts';
import type { WorkingEpic } from '../store/epic-rows.ts';
import type { ClaimedEpic } from '../store/leases.ts';
import { ordersUnsettled } from '../venue-sync/order-sync.ts';

const quietKey = (version: number, accountStatus: string | undefined) => `${version}:${accountStatus}`;

/**
 * Epics left with nothing to do, remembered by `${version}:${account status}` at that moment, so they are not
 * loaded again until something can have changed for them: their row (version), a fill, a fired trigger, their
 * account's status, or their product's trading status.
 */
export const createQuietEpics = (ctx: EngineContext) => {
  let quiet = new Map<string, string>();

  /** Nothing left to do: active with the venue in line, or paused with no buy left waiting. */
  const leftQuiet = (work: WorkingEpic, accountStatus: string | undefined) =>
    !ctx.fired.has(work.row.id) &&
    (accountStatus === 'active'
      ? work.row.status === 'active' && !ordersUnsettled(work)
      : work.row.status === 'warning' && !ordersUnsettled(work, (row) => row.side === 'buy'));

  return {
    /** A quiet epic needs a pass again when its row, account or product changed, or a trigger fired for it. */
    needsWork: async (epic: ClaimedEpic, accountStatus: string | undefined) => {
      if (quiet.get(epic.id) !== quietKey(epic.version, accountStatus) || ctx.fired.has(epic.id)) return true;
      if (accountStatus !== 'active') return false;
      const product = await ctx.product(epic.productId).catch(() => undefined);
      return product?.status !== 'online' || product.tradingDisabled || product.cancelOnly;
    },
    /** After a pass over the epic: remembered if it was left with nothing to do. */
    worked: (work: WorkingEpic, accountStatus: string | undefined) => {
      if (leftQuiet(work, accountStatus)) quiet.set(work.row.id, quietKey(work.row.version, accountStatus));
      else quiet.delete(work.row.id);
    },
    forget: (epicId: string) => {
      quiet.delete(epicId);
    },
    /** Only epics still held are remembered: one this worker let go may change anywhere meanwhile. */
    keepOnly: (held: ReadonlySet<string>) => {
      quiet = new Map([...quiet].filter(([id]) => held.has(id)));
    },
  };
};
export type QuietEpics = ReturnType<typeof createQuietEpics>;
