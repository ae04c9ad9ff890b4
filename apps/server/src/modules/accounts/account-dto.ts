import type { TAccount } from '@cdca/contracts';
import type { AccountRow } from './accounts.repository.ts';

/** The account as the API shows it: dates as ISO strings, accountType derived from role. */
export const toAccountDto = (row: AccountRow): TAccount => ({
  id: row.id,
  userId: row.userId,
  email: row.email,
  status: row.status,
  role: row.role,
  accountType: row.role === 'owner' ? 'owner' : 'standard',
  freeAccount: row.freeAccount,
  firstName: row.firstName,
  lastName: row.lastName,
  profilePhoto: row.profilePhoto,
  accountRank: row.accountRank,
  skillLevel: row.skillLevel,
  signupReferralCode: row.signupReferralCode,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
