import { z } from 'zod';
import { ZDiscountCode } from './payments.ts';
import { text } from './text.ts';

/** Onboarding runs in this order; the server owns each account's step (docs/product.md §2, §4). */
export const ONBOARDING_STATUSES = [
  'pending-payment',
  'pending-breakdown',
  'pending-keys',
  'pending-coinbase-account',
  'pending-discord',
  'pending-tos',
] as const;

export const ACCOUNT_STATUSES = [...ONBOARDING_STATUSES, 'active', 'deactivated', 'deleted'] as const;
export const ZAccountStatus = z.enum(ACCOUNT_STATUSES);
export type TAccountStatus = z.infer<typeof ZAccountStatus>;
export type TOnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

export const ZRole = z.enum(['standard', 'partner', 'owner']);
export type TRole = z.infer<typeof ZRole>;

export const RANK_TIERS = [
  'bronze',
  'iron',
  'silver',
  'gold',
  'platinum',
  'sapphire',
  'emerald',
  'ruby',
  'diamond',
  'hero',
] as const;
export const ZRankTier = z.enum(RANK_TIERS);
export type TRankTier = z.infer<typeof ZRankTier>;

export const ZSkillLevel = z.enum(['beginner', 'intermediate', 'expert']);
export type TSkillLevel = z.infer<typeof ZSkillLevel>;

/** accountType is derived from role: owners see the admin area (docs/product.md §6). */
export const ZAccountType = z.enum(['standard', 'owner']);

export const ZAccount = z.object({
  id: z.uuid(),
  userId: z.string(),
  email: z.string(),
  status: ZAccountStatus,
  role: ZRole,
  accountType: ZAccountType,
  freeAccount: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profilePhoto: z.string().nullable(),
  accountRank: ZRankTier,
  skillLevel: ZSkillLevel.nullable(),
  signupReferralCode: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TAccount = z.infer<typeof ZAccount>;

const name = text().trim().min(1).max(80);

/** What a user may change on their own account: profile fields only, never status, role, rank or freeAccount. */
export const ZUpdateAccountBody = z
  .strictObject({
    firstName: name.nullable(),
    lastName: name.nullable(),
    profilePhoto: z
      .url({ protocol: /^https$/ })
      .max(500)
      .nullable(),
    skillLevel: ZSkillLevel,
  })
  .partial();
export type TUpdateAccountBody = z.infer<typeof ZUpdateAccountBody>;

/** What an owner may change on any account. */
export const ZAdminUpdateAccountBody = z
  .strictObject({
    status: ZAccountStatus,
    role: ZRole,
    freeAccount: z.boolean(),
    accountRank: ZRankTier,
    /** The billing discount for life (docs/decisions/billing-rules.md); null removes it. */
    discountCode: ZDiscountCode.nullable(),
    firstName: name.nullable(),
    lastName: name.nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' });
export type TAdminUpdateAccountBody = z.infer<typeof ZAdminUpdateAccountBody>;

export const ZAccountParams = z.strictObject({ userId: text().min(1).max(200) });

export const ZListAccountsQuery = z.strictObject({
  status: z.union([ZAccountStatus, z.array(ZAccountStatus)]).optional(),
  role: ZRole.optional(),
  search: text().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TListAccountsQuery = z.infer<typeof ZListAccountsQuery>;

/** The account as owners see it in the admin area: also its billing discount code for life. */
export const ZAdminAccount = ZAccount.extend({ discountCode: ZDiscountCode.nullable() });
export type TAdminAccount = z.infer<typeof ZAdminAccount>;

export const ZAccountList = z.object({ accounts: z.array(ZAdminAccount), total: z.number().int() });
export type TAccountList = z.infer<typeof ZAccountList>;

/** POST /api/v1/authorize (docs/product.md §7): creates the account on first sign-in. */
export const ZAuthorizeBody = z.strictObject({
  token: text().min(1),
  signupReferralCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'A referral code is 1 to 64 letters, digits, dashes or underscores.')
    .optional(),
});
export type TAuthorizeBody = z.infer<typeof ZAuthorizeBody>;
