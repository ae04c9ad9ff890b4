import { z } from 'zod/mini';
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
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  profilePhoto: z.nullable(z.string()),
  accountRank: ZRankTier,
  skillLevel: z.nullable(ZSkillLevel),
  signupReferralCode: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TAccount = z.infer<typeof ZAccount>;

const name = text().check(z.trim(), z.minLength(1), z.maxLength(80));

/** What a user may change on their own account: profile fields only, never status, role, rank or freeAccount. */
export const ZUpdateAccountBody = z.partial(
  z.strictObject({
    firstName: z.nullable(name),
    lastName: z.nullable(name),
    profilePhoto: z.nullable(z.url({ protocol: /^https$/ }).check(z.maxLength(500))),
    skillLevel: ZSkillLevel,
  }),
);
export type TUpdateAccountBody = z.infer<typeof ZUpdateAccountBody>;

/** What an owner may change on any account. */
export const ZAdminUpdateAccountBody = z
  .partial(
    z.strictObject({
      status: ZAccountStatus,
      role: ZRole,
      freeAccount: z.boolean(),
      accountRank: ZRankTier,
      /** The billing discount for life (docs/decisions/billing-rules.md); null removes it. */
      discountCode: z.nullable(ZDiscountCode),
      firstName: z.nullable(name),
      lastName: z.nullable(name),
    }),
  )
  .check(z.refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' }));
export type TAdminUpdateAccountBody = z.infer<typeof ZAdminUpdateAccountBody>;

export const ZAccountParams = z.strictObject({ userId: text().check(z.minLength(1), z.maxLength(200)) });

export const ZListAccountsQuery = z.strictObject({
  status: z.optional(z.union([ZAccountStatus, z.array(ZAccountStatus)])),
  role: z.optional(ZRole),
  search: z.optional(text().check(z.trim(), z.maxLength(200))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
});
export type TListAccountsQuery = z.infer<typeof ZListAccountsQuery>;

/** The account as owners see it in the admin area: also its billing discount code for life. */
export const ZAdminAccount = z.extend(ZAccount, { discountCode: z.nullable(ZDiscountCode) });
export type TAdminAccount = z.infer<typeof ZAdminAccount>;

export const ZAccountList = z.object({ accounts: z.array(ZAdminAccount), total: z.int() });
export type TAccountList = z.infer<typeof ZAccountList>;

/** POST /api/v1/authorize (docs/product.md §7): creates the account on first sign-in. */
export const ZAuthorizeBody = z.strictObject({
  token: text().check(z.minLength(1)),
  signupReferralCode: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.regex(
          /^[A-Za-z0-9_-]{1,64}$/,
          'A referral code is 1 to 64 letters, digits, dashes or underscores.',
        ),
      ),
  ),
});
export type TAuthorizeBody = z.infer<typeof ZAuthorizeBody>;
