import type { TEpicPlan } from '@cdca/contracts';
import type { EpicState, Position } from '@cdca/engine';
import { activeDcaLevel, avgBuyRate, volume } from '@cdca/engine';
import type { epicFills, epicOrders, epics } from '../../modules/epics/epics.schema.ts';

/** An epics row as stored; the worker only ever sees it read through readEpicRow (epic-reads.ts). */
export type StoredEpicRow = typeof epics.$inferSelect;
/**
 * All the worker needs of the plan once the position exists: the stop it arms, and level 1's slippage cap that
 * its "price ran away" message names (docs/decisions/worker-reads-terms.md).
 */
export type EpicTerms = Pick<TEpicPlan, 'stopPrice' | 'slippageCap'>;
/**
 * An epic as the worker holds it: its position and terms checked once, as they were read. Never its inputs or
 * its plan's levels, which it does not trade from.
 */
export type EpicRow = Omit<StoredEpicRow, 'position' | 'plan' | 'inputs'> & {
  position: Position | null;
  terms: EpicTerms;
};
export type OrderRow = typeof epicOrders.$inferSelect;
export type NewOrderRow = typeof epicOrders.$inferInsert;
export type FillRow = typeof epicFills.$inferSelect;

/**
 * One epic in the engine's hands for a pass: its row and its order rows, kept current from what every write
 * RETURNs, so nothing is read back after a write. Only this worker writes them while it holds the lease; the API
 * may still move the status (cancel, liquidate), which the compare-and-set in saveEpic notices.
 */
export type WorkingEpic = { row: EpicRow; orders: Map<string, OrderRow> };

export const putOrder = (work: WorkingEpic, row: OrderRow) => {
  work.orders.set(row.clientOrderId, row);
};

/** The listing columns copied from the position (see epics.schema.ts). */
export const summaryOf = (position: Position) => ({
  position,
  activeDcaLevel: activeDcaLevel(position),
  avgBuyRate: avgBuyRate(position),
  volume: volume(position),
});

export type EpicPatch = Partial<
  Pick<
    EpicRow,
    | 'position'
    | 'activeDcaLevel'
    | 'avgBuyRate'
    | 'volume'
    | 'statusReason'
    | 'retryAt'
    | 'profitsDollarAmount'
    | 'closedAt'
  >
> & { status?: EpicState };
