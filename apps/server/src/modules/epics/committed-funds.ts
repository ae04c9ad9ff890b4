import { TERMINAL_EPIC_STATUSES } from '@cdca/contracts';
import { type MoneyDecimal, money } from '@cdca/engine';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { epics } from './epics.schema.ts';

/** A transaction or the database: both run the same query. */
export type Queryable = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** One unfinished epic's claim on the account's USD. */
type Claim = { fundsRequired: MoneyDecimal; remaining: MoneyDecimal };
export type Claims = ReadonlyMap<string, Claim>;

/**
 * The claims of every epic not in history (docs/decisions/committed-funds.md): its plan.fundsRequired (orders plus
 * fees) minus the quote already spent on its fills (position.quoteSpent, fees included), never below zero.
 * Cancelling, liquidating and hit epics still count until they are history: their buys may rest until then.
 */
export const readClaims = async (db: Queryable, accountId: string): Promise<Claims> => {
  const rows = await db
    .select({
      id: epics.id,
      fundsRequired: sql<string>`(${epics.plan}->>'fundsRequired')`,
      quoteSpent: sql<string | null>`(${epics.position}->>'quoteSpent')`,
    })
    .from(epics)
    .where(and(eq(epics.accountId, accountId), notInArray(epics.status, [...TERMINAL_EPIC_STATUSES])));
  return new Map(
    rows.map((row) => {
      const fundsRequired = money(row.fundsRequired);
      const remaining = fundsRequired.minus(row.quoteSpent ?? '0');
      return [row.id, { fundsRequired, remaining: remaining.isNegative() ? money(0) : remaining }];
    }),
  );
};

export type Commitments = { committed: MoneyDecimal; epics: number };

/**
 * What is committed, from claims read BEFORE the balance and (under the account lock) again after it. An epic
 * known before counts what it had left then, even if it has bought or finished since; an epic new since then
 * counts in full. Every fill or cancel that happened around the balance read can then only make the free figure
 * smaller than the truth, never larger.
 */
export const commitmentsOf = (before: Claims, after: Claims = before): Commitments => {
  let committed = money(0);
  for (const claim of before.values()) committed = committed.plus(claim.remaining);
  let epicCount = before.size;
  for (const [id, claim] of after) {
    if (before.has(id)) continue;
    committed = committed.plus(claim.fundsRequired);
    epicCount += 1;
  }
  return { committed, epics: epicCount };
};

/**
 * The funds picture a new epic is checked against. `balance` is the account's whole USD (available plus held by
 * resting orders): the resting buys of running epics are held on the exchange AND counted in `committed`, so
 * subtracting both from `available` would count them twice.
 */
export type Funds = { balance: MoneyDecimal; committed: MoneyDecimal; epics: number; free: MoneyDecimal };

export const fundsAfterCommitments = (balance: MoneyDecimal, commitments: Commitments): Funds => {
  const free = balance.minus(commitments.committed);
  return { balance, ...commitments, free: free.isNegative() ? money(0) : free };
};
