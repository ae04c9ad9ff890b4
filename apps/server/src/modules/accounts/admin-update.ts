import type { TAdminUpdateAccountBody, TDiscountCode } from '@cdca/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { type OwnerAction, recordOwnerActions } from '../audit/record-owner-action.ts';
import type { DiscountCodes } from '../billing/discount-codes.ts';
import { type AccountRow, createAccountsRepository } from './accounts.repository.ts';

type Actor = { id: string; email: string };

/** The audited fields of the admin update and the kind each is recorded as (docs/decisions/owner-console.md). */
const AUDITED = [
  ['status', 'status'],
  ['role', 'role'],
  ['freeAccount', 'free-account'],
  ['accountRank', 'rank'],
] as const;

/** One audit row per field that actually changed; setting a value to itself records nothing. */
const accountActions = (actor: Actor, before: AccountRow, after: AccountRow): OwnerAction[] =>
  AUDITED.filter(([field]) => before[field] !== after[field]).map(([field, kind]) => ({
    kind,
    actor,
    subjectAccountId: before.id,
    before: before[field],
    after: after[field],
  }));

/**
 * PATCH /accounts/admin/{userId}: the change, its discount code and its audit rows commit in one transaction, so
 * no change is ever left without its record (docs/decisions/owner-console.md). Answers the row after and its discount code.
 */
export const applyAdminUpdate = (
  db: Db,
  discounts: DiscountCodes,
  input: { actor: Actor; userId: string; body: TAdminUpdateAccountBody },
): Promise<{ row: AccountRow; discountCode: TDiscountCode | null }> =>
  db.transaction(async (tx) => {
    const { discountCode, ...changes } = input.body;
    const [target] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.userId, input.userId));
    if (!target) throw notFound('The account');
    // The billing row first: billing's lock order is payments → billing_accounts → accounts.
    const discountBefore =
      discountCode === undefined
        ? ((await discounts.read(tx, [target.id])).get(target.id) ?? null)
        : await discounts.set(tx, target.id, discountCode);
    const [before] = await tx.select().from(accounts).where(eq(accounts.id, target.id)).for('update');
    if (!before) throw notFound('The account');
    const after =
      Object.keys(changes).length > 0
        ? await createAccountsRepository(tx).update(input.userId, changes)
        : before;
    if (!after) throw notFound('The account');
    const discountAfter = discountCode === undefined ? discountBefore : discountCode;
    const actions = accountActions(input.actor, before, after);
    if (discountAfter !== discountBefore) {
      actions.push({
        kind: 'discount-code',
        actor: input.actor,
        subjectAccountId: before.id,
        before: discountBefore,
        after: discountAfter,
      });
    }
    await recordOwnerActions(tx, actions);
    return { row: after, discountCode: discountAfter };
  });
