import type { Fill, Position } from '@cdca/engine';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { coins } from '../../modules/coins/coins.schema.ts';
import type { EpicCoinRow } from '../../modules/epics/epic-events.ts';
import { bookFills, type PlainBooking } from './batch-fill-writes.ts';
import { loadEpic, loadPlan, loadWorking } from './epic-reads.ts';
import type { EpicPatch, EpicRow, NewOrderRow, OrderRow, WorkingEpic } from './epic-rows.ts';
import {
  fireArmedOrder,
  recordAnswers,
  replaceOrder,
  saveEpicOrEnd,
  savePositionWithOrders,
  updateOrder,
  type VenueAnswer,
} from './epic-writes.ts';
import {
  bookedTradeIds,
  bookFill,
  type FillBase,
  type FillBooking,
  readFillCursor,
  saveFillCursor,
  unbookedLiveFills,
} from './fill-writes.ts';
import { type HoldOptions, holdEpics, releaseLeases, renewLeases } from './leases.ts';

/** Each account's status, read once per pass: billing (de)activating an account is seen at once. */
const accountStatuses = async (db: Db, accountIds: readonly string[]) => {
  if (accountIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: accounts.id, status: accounts.status })
    .from(accounts)
    .where(inArray(accounts.id, [...accountIds]));
  return new Map(rows.map((r) => [r.id, r.status]));
};

const coinOf = async (db: Db, coinId: string): Promise<EpicCoinRow | undefined> => {
  const [coin] = await db
    .select({ id: coins.id, symbol: coins.symbol, name: coins.name, photo: coins.photo })
    .from(coins)
    .where(eq(coins.id, coinId));
  return coin;
};

/**
 * Every read and write the epic worker makes, and the only place its SQL lives (docs/decisions/worker-over-domain.md):
 * leases, epics, their order rows and fills, the fill cursors, and the two things it reads of other modules (an
 * account's status, a coin for realtime). What to write is decided by the domain; the store only records it.
 */
export const createEpicStore = (db: Db) => ({
  holdEpics: (options: HoldOptions) => holdEpics(db, options),
  renewLeases: (options: { workerId: string; ids: readonly string[]; until: Date }) =>
    renewLeases(db, options),
  releaseLeases: (workerId: string) => releaseLeases(db, workerId),
  accountStatuses: (accountIds: readonly string[]) => accountStatuses(db, accountIds),
  coin: (coinId: string) => coinOf(db, coinId),

  loadWorking: (ids: readonly string[]) => loadWorking(db, ids),
  loadEpic: (id: string) => loadEpic(db, id),
  loadPlan: (id: string) => loadPlan(db, id),
  saveEpic: (row: EpicRow, patch: EpicPatch, now: Date) => saveEpicOrEnd(db, row, patch, now),
  savePositionWithOrders: (row: EpicRow, position: Position, rows: readonly NewOrderRow[], now: Date) =>
    savePositionWithOrders(db, row, position, rows, now),
  replaceOrder: (
    work: { row: EpicRow; position: Position },
    refused: { id: string; failureReason: string },
    replacement: NewOrderRow,
    now: Date,
  ) => replaceOrder(db, work, refused, replacement, now),
  updateOrder: (id: string, patch: Partial<OrderRow>, now: Date) => updateOrder(db, id, patch, now),
  fireArmedOrder: (clientOrderId: string, limitPrice: string, now: Date) =>
    fireArmedOrder(db, clientOrderId, limitPrice, now),
  recordAnswers: (answers: readonly VenueAnswer[], now: Date) => recordAnswers(db, answers, now),

  bookFill: (
    booking: { work: WorkingEpic; fill: Fill; lock: boolean; now: Date },
    decide: (base: FillBase) => FillBooking | undefined,
  ) => bookFill(db, booking, decide),
  bookFills: (items: readonly PlainBooking[], now: Date) => bookFills(db, items, now),
  bookedTradeIds: (tradeIds: readonly string[]) => bookedTradeIds(db, tradeIds),
  unbookedLiveFills: (fills: readonly Fill[]) => unbookedLiveFills(db, fills),
  readFillCursor: (accountId: string) => readFillCursor(db, accountId),
  saveFillCursor: (accountId: string, fillsSince: Date) => saveFillCursor(db, accountId, fillsSince),
});
export type EpicStore = ReturnType<typeof createEpicStore>;
