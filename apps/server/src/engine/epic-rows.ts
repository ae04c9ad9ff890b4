import type { EpicState } from '@cdca/engine/epic-state/epic-transitions.ts';
import { normalisePosition, type Position } from '@cdca/engine/position/position.ts';
import { activeDcaLevel, avgBuyRate, volume } from '@cdca/engine/position/position-figures.ts';
import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { epicOrders, epics } from '../modules/epics/epics.schema.ts';

export type EpicRow = typeof epics.$inferSelect;
export type OrderRow = typeof epicOrders.$inferSelect;
/** A transaction or the database: both run the same queries. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/**
 * One epic in the engine's hands for a pass: its row and its order rows, kept current from what every write
 * RETURNs, so nothing is read back after a write. Only this worker writes them while it holds the lease; the API
 * may still move the status (cancel, liquidate), which the compare-and-set in saveEpic notices.
 */
export type WorkingEpic = { row: EpicRow; orders: Map<string, OrderRow> };

export const putOrder = (work: WorkingEpic, row: OrderRow) => {
  work.orders.set(row.clientOrderId, row);
};

/** The stored position; only the engine writes it, from createPosition and the reducers. */
export const readPosition = (row: Pick<EpicRow, 'position'>): Position | null => {
  const value = row.position;
  if (value === null || typeof value !== 'object' || !('epicId' in value)) return null;
  return normalisePosition(value as Position);
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

/** Every column but the JSON documents: what a write returns (the documents are what the writer just sent). */
const { inputs: _inputs, plan: _plan, position: _position, ...light } = getTableColumns(epics);
export const EPIC_LIGHT_COLUMNS = light;

/**
 * Writes only if nobody else changed the epic since `row` was read (version) and its status is still the one we
 * decided from — the API moves epics to cancelling/liquidating behind our back, and that must win.
 * undefined: lost the race; the caller re-reads on the next pass.
 */
export const saveEpic = async (
  tx: Tx,
  row: EpicRow,
  patch: EpicPatch,
  now: Date,
): Promise<EpicRow | undefined> => {
  const [saved] = await tx
    .update(epics)
    .set({ ...patch, version: row.version + 1, updatedAt: now })
    .where(and(eq(epics.id, row.id), eq(epics.version, row.version), eq(epics.status, row.status)))
    .returning(EPIC_LIGHT_COLUMNS);
  return saved && { ...row, ...patch, ...saved };
};

export const loadEpic = async (tx: Tx, id: string): Promise<EpicRow | undefined> => {
  const [row] = await tx.select().from(epics).where(eq(epics.id, id)).limit(1);
  return row;
};

/** The rows and order rows of these epics in two queries, oldest order first (the order they are sent in). */
export const loadWorking = async (tx: Tx, ids: readonly string[]): Promise<Map<string, WorkingEpic>> => {
  const found = new Map<string, WorkingEpic>();
  if (ids.length === 0) return found;
  const [rows, orders] = await Promise.all([
    tx
      .select()
      .from(epics)
      .where(inArray(epics.id, [...ids])),
    tx
      .select()
      .from(epicOrders)
      .where(inArray(epicOrders.epicId, [...ids]))
      .orderBy(asc(epicOrders.createdAt), asc(epicOrders.clientOrderId)),
  ]);
  for (const row of rows) found.set(row.id, { row, orders: new Map() });
  for (const order of orders) {
    const work = found.get(order.epicId);
    if (work) putOrder(work, order);
  }
  return found;
};
