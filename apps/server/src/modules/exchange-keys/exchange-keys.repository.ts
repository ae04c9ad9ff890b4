import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountPaperPortfolios, exchangeKeys } from './exchange-keys.schema.ts';

export type ExchangeKeyRow = typeof exchangeKeys.$inferSelect;
export type NewExchangeKey = Omit<typeof exchangeKeys.$inferInsert, 'id' | 'createdAt' | 'verifiedAt'>;

export const createExchangeKeysRepository = (db: Db) => ({
  findByAccountId: async (accountId: string): Promise<ExchangeKeyRow | undefined> => {
    const [row] = await db.select().from(exchangeKeys).where(eq(exchangeKeys.accountId, accountId)).limit(1);
    return row;
  },

  /** Stores the account's key, replacing the previous one in the same statement: never zero, never two. */
  upsert: async (values: NewExchangeKey): Promise<ExchangeKeyRow> => {
    const { accountId: _accountId, ...changes } = values;
    const [row] = await db
      .insert(exchangeKeys)
      .values(values)
      .onConflictDoUpdate({
        target: exchangeKeys.accountId,
        set: { ...changes, id: sql`gen_random_uuid()`, createdAt: sql`now()`, verifiedAt: sql`now()` },
      })
      .returning();
    if (!row) throw new Error('exchange key upsert returned nothing');
    return row;
  },

  markVerified: async (accountId: string) => {
    await db
      .update(exchangeKeys)
      .set({ verifiedAt: sql`now()` })
      .where(eq(exchangeKeys.accountId, accountId));
  },

  findPaperPortfolioId: async (accountId: string): Promise<string | undefined> => {
    const [row] = await db
      .select()
      .from(accountPaperPortfolios)
      .where(eq(accountPaperPortfolios.accountId, accountId))
      .limit(1);
    return row?.portfolioId;
  },

  savePaperPortfolioId: async (accountId: string, portfolioId: string) => {
    await db
      .insert(accountPaperPortfolios)
      .values({ accountId, portfolioId })
      .onConflictDoUpdate({ target: accountPaperPortfolios.accountId, set: { portfolioId } });
  },

  deleteByAccountId: async (accountId: string): Promise<ExchangeKeyRow | undefined> => {
    const [row] = await db.delete(exchangeKeys).where(eq(exchangeKeys.accountId, accountId)).returning();
    return row;
  },
});

export type ExchangeKeysRepository = ReturnType<typeof createExchangeKeysRepository>;
