import { type TEpicPlan, ZEpicPlan } from '@cdca/contracts';
import { readStoredPosition } from '@cdca/engine';
import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import { epicOrders, epics } from '../../modules/epics/epics.schema.ts';
import { type EpicRow, putOrder, type WorkingEpic } from './epic-rows.ts';

/** A transaction or the database: both run the same queries. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Every column but the JSON documents: what a write returns (the documents are what the writer just sent). */
const { inputs: _inputs, plan: _plan, position: _position, ...light } = getTableColumns(epics);
export const EPIC_LIGHT_COLUMNS = light;

/**
 * What the worker reads of an epic: the light columns, the position, and the plan's two terms it acts on, taken
 * out of the plan by PostgreSQL. The plan's levels and the inputs stay in the database: they are most of the
 * row's bytes, and checking them on every pass cost more than anything else the read did
 * (docs/decisions/worker-reads-terms.md).
 */
const WORKING_COLUMNS = {
  ...light,
  position: epics.position,
  stopPrice: sql<string | null>`${epics.plan}->>'stopPrice'`,
  slippageCap: sql<string | null>`${epics.plan}->>'slippageCap'`,
};
const ZEpicTerms = z.pick(ZEpicPlan, { stopPrice: true, slippageCap: true });

/** The worker's one select of epics; narrow it with `.where`. */
const selectWorking = (tx: Tx) => tx.select(WORKING_COLUMNS).from(epics);
type StoredWorkingRow = Awaited<ReturnType<typeof selectWorking>>[number];

/**
 * The JSON read checked once, where it is read (docs/decisions/worker-over-domain.md): the worker trades only from
 * a position and terms it could read, never from a cast. Throws naming the epic when one is not.
 */
export const readEpicRow = ({ stopPrice, slippageCap, position, ...stored }: StoredWorkingRow): EpicRow => {
  try {
    // ->> gives SQL null for an absent key; the plan's slippage cap is optional, never null.
    const terms = ZEpicTerms.parse({ stopPrice, slippageCap: slippageCap ?? undefined });
    return { ...stored, terms, position: readStoredPosition(position) };
  } catch (error) {
    throw new Error(`epic ${stored.id} holds a plan or position the engine cannot read`, { cause: error });
  }
};

export const loadEpic = async (tx: Tx, id: string): Promise<EpicRow | undefined> => {
  const [row] = await selectWorking(tx).where(eq(epics.id, id)).limit(1);
  return row && readEpicRow(row);
};

/** The whole plan, checked: only an epic saved before the API stored its first position needs it, once. */
export const loadPlan = async (tx: Tx, id: string): Promise<TEpicPlan> => {
  const [row] = await tx.select({ plan: epics.plan }).from(epics).where(eq(epics.id, id));
  if (!row) throw new Error(`epic ${id} is gone`);
  return ZEpicPlan.parse(row.plan);
};

export type LoadedEpics = {
  working: Map<string, WorkingEpic>;
  /** Epics whose documents failed their check: each is failed on its own, the others are worked as usual. */
  unreadable: Map<string, unknown>;
};

/** The rows and order rows of these epics in two queries, oldest order first (the order they are sent in). */
export const loadWorking = async (tx: Tx, ids: readonly string[]): Promise<LoadedEpics> => {
  const loaded: LoadedEpics = { working: new Map(), unreadable: new Map() };
  if (ids.length === 0) return loaded;
  const [rows, orders] = await Promise.all([
    selectWorking(tx).where(inArray(epics.id, [...ids])),
    tx
      .select()
      .from(epicOrders)
      .where(inArray(epicOrders.epicId, [...ids]))
      .orderBy(asc(epicOrders.createdAt), asc(epicOrders.clientOrderId)),
  ]);
  for (const row of rows) {
    try {
      loaded.working.set(row.id, { row: readEpicRow(row), orders: new Map() });
    } catch (error) {
      loaded.unreadable.set(row.id, error);
    }
  }
  for (const order of orders) {
    const work = loaded.working.get(order.epicId);
    if (work) putOrder(work, order);
  }
  return loaded;
};

/** What booking a fill starts from when the working copy was stale: the epic's row, locked until commit. */
export const lockFillBase = async (tx: Tx, epicId: string) => {
  const [base] = await tx
    .select({
      id: epics.id,
      position: epics.position,
      status: epics.status,
      version: epics.version,
      activeDcaLevel: epics.activeDcaLevel,
    })
    .from(epics)
    .where(eq(epics.id, epicId))
    .for('update');
  return base && { ...base, position: readStoredPosition(base.position) };
};
