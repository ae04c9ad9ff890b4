import type { TAdminAccount, TAdminUpdateAccountBody, TDiscountCode } from '@cdca/contracts';

/** What the owner is editing on a user's admin page (docs/decisions/owner-console.md). */
export type Draft = Required<
  Pick<TAdminUpdateAccountBody, 'status' | 'role' | 'freeAccount' | 'accountRank'>
> & {
  discountCode: TDiscountCode | null;
};

export const draftOf = (account: TAdminAccount): Draft => ({
  status: account.status,
  role: account.role,
  freeAccount: account.freeAccount,
  accountRank: account.accountRank,
  discountCode: account.discountCode,
});

/** Only what the owner changed is sent, so the audit trail records exactly those fields. */
export const changesOf = (account: TAdminAccount, draft: Draft): TAdminUpdateAccountBody =>
  Object.fromEntries(
    Object.entries(draft).filter(([field, value]) => account[field as keyof Draft] !== value),
  ) as TAdminUpdateAccountBody;

export const FIELD_LABELS: Record<keyof Draft, string> = {
  status: 'status',
  role: 'role',
  freeAccount: 'free account',
  accountRank: 'rank',
  discountCode: 'discount code',
};

export const shown = (value: unknown) =>
  value === null ? 'none' : value === true ? 'yes' : value === false ? 'no' : String(value);
