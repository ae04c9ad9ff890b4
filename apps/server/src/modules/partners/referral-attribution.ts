import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import { referralCodes } from '../billing/payments.schema.ts';
import { partnerReferrals } from './partners.schema.ts';

/**
 * Called once when an account is created: a sign-up through a partner's code (the `rc` the browser kept through
 * sign-in, docs/product.md §2) belongs to that partner for life. The account row is keyed once; a second call
 * changes nothing. A code whose partner is no longer a partner attributes nobody.
 */
export const attributeSignup =
  ({ db }: { db: Db }) =>
  async (account: AccountRow): Promise<void> => {
    const code = account.signupReferralCode?.trim().toLowerCase();
    if (!code) return;
    const [owner] = await db
      .select({ partnerAccountId: referralCodes.partnerAccountId, role: accounts.role })
      .from(referralCodes)
      .innerJoin(accounts, eq(accounts.id, referralCodes.partnerAccountId))
      .where(eq(referralCodes.code, code))
      .limit(1);
    if (!owner?.partnerAccountId || owner.role !== 'partner' || owner.partnerAccountId === account.id) return;
    await db
      .insert(partnerReferrals)
      .values({ accountId: account.id, partnerAccountId: owner.partnerAccountId, code })
      .onConflictDoNothing();
  };
