import type { EpicState } from '@cdca/engine/epic-state/epic-transitions.ts';
import type { Position } from '@cdca/engine/position/position.ts';
import { activeDcaLevel, avgBuyRate, volume } from '@cdca/engine/position/position-figures.ts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { epicOrders, epics } from '../modules/epics/epics.schema.ts';

export type EpicRow = typeof epics.$inferSelect;
export type OrderRow = typeof epicOrders.$inferSelect;
/** A transaction or the database: both run the same queries. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** The stored position; only the engine writes it, from createPosition and the reducers. */
export const readPosition = (row: EpicRow): Position | null => {
  const value = row.position;
  if (value === null || typeof value !== 'object' || !('epicId' in value)) return null;
  return value as Position;
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
    .returning();
  return saved;
};

export const loadEpic = async (tx: Tx, id: string): Promise<EpicRow | undefined> => {
  const [row] = await tx.select().from(epics).where(eq(epics.id, id)).limit(1);
  return row;
};

export const loadOrders = (tx: Tx, epicId: string): Promise<OrderRow[]> =>
  tx.select().from(epicOrders).where(eq(epicOrders.epicId, epicId));
