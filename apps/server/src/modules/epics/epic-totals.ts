import { and, type Column, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from './committed-funds.ts';
import { epicFills, epics } from './epics.schema.ts';

/**
 * The sums other modules (billing) read from the epics' tables, kept here so no other module queries them
 * (docs/decisions/composition-root.md). Each answers a decimal as text, exact, as PostgreSQL summed it.
 */

/** Profit over the account's closed epics (docs/decisions/billing-rules.md), losses included, as an SQL expression to embed. */
export const closedEpicsProfitOf = (accountId: Column | SQL): SQL =>
  sql`coalesce((select sum(${epics.profitsDollarAmount}) from ${epics} where ${epics.accountId} = ${accountId} and ${epics.status} = 'closed'), 0)`;

/** Profit over the account's closed epics, losses included. */
export const closedEpicsProfit = async (db: Queryable, accountId: string): Promise<string> => {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${epics.profitsDollarAmount}), 0)::text` })
    .from(epics)
    .where(and(eq(epics.accountId, accountId), eq(epics.status, 'closed')));
  return row?.total ?? '0';
};

/** Every fill's value (price × size) in [from, to), bought plus sold, by when the fill happened. */
export const fillValueBetween = async (
  db: Queryable,
  accountId: string,
  from: Date,
  to: Date,
): Promise<string> => {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${epicFills.price} * ${epicFills.size}), 0)::text` })
    .from(epicFills)
    .innerJoin(epics, eq(epics.id, epicFills.epicId))
    .where(and(eq(epics.accountId, accountId), gte(epicFills.filledAt, from), lt(epicFills.filledAt, to)));
  return row?.total ?? '0';
};
