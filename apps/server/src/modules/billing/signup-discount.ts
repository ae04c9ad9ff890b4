import { discountForReferralCode } from '@cdca/engine';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import type { AccountRow } from '../accounts/accounts.repository.ts';
import { billingAccounts, referralCodes } from './payments.schema.ts';

/**
 * Called once when an account is created: the sign-up referral code (`?rc=`) fixes the discount for the life of
 * the account (docs/product.md §2, docs/decisions/billing-rules.md), so a launch deal that ends later still honours those who signed up in it.
 */
export const assignSignupDiscount =
  ({ db, config }: { db: Db; config: Config }) =>
  async (account: AccountRow): Promise<void> => {
    const code = account.signupReferralCode?.trim().toLowerCase();
    const [partnerCode] = code
      ? await db
          .select({ discountCode: referralCodes.discountCode, partnerRole: accounts.role })
          .from(referralCodes)
          .leftJoin(accounts, eq(accounts.id, referralCodes.partnerAccountId))
          .where(eq(referralCodes.code, code))
          .limit(1)
      : [];
    // A code of an account that is no longer a partner earns nothing (docs/decisions/partner-programme.md).
    const live = partnerCode && (partnerCode.partnerRole === null || partnerCode.partnerRole === 'partner');
    const discountCode =
      (live ? partnerCode.discountCode : undefined) ??
      discountForReferralCode(code, {
        launchReferralCode: config.launchReferralCode,
        academyReferralCode: config.billing.academyReferralCode,
      });
    await db.insert(billingAccounts).values({ accountId: account.id, discountCode }).onConflictDoNothing();
  };
