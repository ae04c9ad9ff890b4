import type { TEpicSort, TListEpicsQuery } from '@cdca/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { coins } from '../coins/coins.schema.ts';
import type { Queryable } from './committed-funds.ts';
import { type EpicCoinRow, type EpicRow, type EpicSummaryRow, epicSummaryColumns } from './epic-dto.ts';
import { epicFills, epicOrders, epics } from './epics.schema.ts';

export type NewEpicRow = typeof epics.$inferInsert;
export type EpicOrderRow = typeof epicOrders.$inferSelect;
export type EpicFillRow = typeof epicFills.$inferSelect;
export type EpicWithCoin = { epic: EpicRow; coin: EpicCoinRow };
export type EpicSummaryWithCoin = { epic: EpicSummaryRow; coin: EpicCoinRow };

const coinColumns = { id: coins.id, symbol: coins.symbol, name: coins.name, photo: coins.photo };

const orderBy = (sort: TEpicSort): SQL[] => {
  const [field, direction] = sort.split(':');
  const column = field === 'updatedAt' ? epics.updatedAt : epics.createdAt;
  const by = direction === 'asc' ? asc : desc;
  // The id breaks ties so pages never repeat or skip an epic created in the same instant.
  return [by(column), by(epics.id)];
};

/** Every read is scoped by account id: another account's epic is simply not found. */
export const createEpicsRepository = (db: Db) => {
  const filters = (accountId: string, query: TListEpicsQuery) => {
    const where: SQL[] = [eq(epics.accountId, accountId)];
    if (query.status && query.status.length > 0) where.push(inArray(epics.status, query.status));
    if (query.coinId) where.push(eq(epics.coinId, query.coinId));
    if (query.coinSymbol) where.push(eq(epics.productId, query.coinSymbol));
    return and(...where);
  };

  return {
    /**
     * Inserts the epic `decide` builds, with the account row locked (SELECT … FOR UPDATE) from before `decide`
     * reads the commitments until the epic is committed: creates for one account run one at a time in the
     * database, whichever process serves them, so two can never both spend the same free dollar
     * (docs/decisions/committed-funds.md). `decide` may throw to refuse. It must use only the `tx` it is given
     * and never wait on the exchange: on PGlite any other query waits for this transaction.
     */
    insertLocked: (accountId: string, decide: (tx: Queryable) => Promise<NewEpicRow>): Promise<EpicRow> =>
      db.transaction(async (tx) => {
        await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
        const [row] = await tx
          .insert(epics)
          .values(await decide(tx))
          .returning();
        if (!row) throw new Error('epic insert returned nothing');
        return row;
      }),

    list: async (accountId: string, query: TListEpicsQuery): Promise<EpicSummaryWithCoin[]> =>
      db
        .select({ epic: epicSummaryColumns, coin: coinColumns })
        .from(epics)
        .innerJoin(coins, eq(coins.id, epics.coinId))
        .where(filters(accountId, query))
        .orderBy(...orderBy(query.sort))
        .limit(query.limit)
        .offset(query.offset),

    count: async (accountId: string, query: TListEpicsQuery): Promise<number> => {
      const [row] = await db.select({ n: count() }).from(epics).where(filters(accountId, query));
      return row?.n ?? 0;
    },

    findOwn: async (accountId: string, id: string): Promise<EpicWithCoin | undefined> => {
      const [found] = await db
        .select({ epic: epics, coin: coinColumns })
        .from(epics)
        .innerJoin(coins, eq(coins.id, epics.coinId))
        .where(and(eq(epics.id, id), eq(epics.accountId, accountId)));
      return found;
    },

    ordersOf: (epicId: string): Promise<EpicOrderRow[]> =>
      db
        .select()
        .from(epicOrders)
        .where(eq(epicOrders.epicId, epicId))
        .orderBy(asc(epicOrders.createdAt), asc(epicOrders.clientOrderId)),

    fillsOf: (epicId: string): Promise<EpicFillRow[]> =>
      db
        .select()
        .from(epicFills)
        .where(eq(epicFills.epicId, epicId))
        .orderBy(asc(epicFills.filledAt), asc(epicFills.tradeId)),

    /**
     * Moves the status only if it is still `from` (compare-and-set): the engine may have moved the epic since it
     * was read. The version bump makes the engine's own compare-and-set notice the change.
     */
    moveStatus: async (
      accountId: string,
      id: string,
      from: EpicRow['status'],
      to: EpicRow['status'],
    ): Promise<EpicRow | undefined> => {
      const [row] = await db
        .update(epics)
        .set({ status: to, statusReason: null, version: sqlIncrement(), updatedAt: new Date() })
        .where(and(eq(epics.id, id), eq(epics.accountId, accountId), eq(epics.status, from)))
        .returning();
      return row;
    },
  };
};

const sqlIncrement = () => sql`${epics.version} + 1`;

export type EpicsRepository = ReturnType<typeof createEpicsRepository>;
