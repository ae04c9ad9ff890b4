import { keccak_256 } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod/mini';
import { ZAccountStatus } from './account.ts';
import { text } from './text.ts';

/** Dollars and cents, e.g. '11.00' (docs/decisions/api-conventions.md: money travels as decimal strings). */
const usd = z.string().check(z.regex(/^-?\d+\.\d{2}$/));

/**
 * A vanity referral code: 3–24 letters, digits, '-' or '_', starting with a letter or digit. Codes are unique
 * regardless of case (docs/decisions/partner-programme.md), and they travel in links, so nothing needs escaping.
 */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,23}$/;
export const ZReferralCodeText = text().check(
  z.trim(),
  z.regex(REFERRAL_CODE_PATTERN, '3–24 letters, digits, "-" or "_", starting with a letter or digit'),
);

export const ZCreateReferralCodeBody = z.strictObject({ code: ZReferralCodeText });
export type TCreateReferralCodeBody = z.infer<typeof ZCreateReferralCodeBody>;

/** One of the partner's codes with its funnel: landing clicks → sign-ups → accounts that paid at least once. */
export const ZReferralCode = z.object({
  code: z.string(),
  createdAt: z.string(),
  clicks: z.int().check(z.nonnegative()),
  signUps: z.int().check(z.nonnegative()),
  payingAccounts: z.int().check(z.nonnegative()),
  /** payingAccounts ÷ clicks as a percentage with 2 decimals; null before the first click. */
  conversion: z.nullable(z.string()),
});
export type TReferralCode = z.infer<typeof ZReferralCode>;
export const ZReferralCodeList = z.object({ items: z.array(ZReferralCode) });
export type TReferralCodeList = z.infer<typeof ZReferralCodeList>;

/** The landing page's beacon: one visit through `/?rc=CODE` (public; unknown codes are ignored). */
export const ZReferralClickBody = z.strictObject({ code: text().check(z.maxLength(64)) });

/** A referred account as its partner sees it: never the e-mail or name (docs/decisions/partner-programme.md). */
export const ZPartnerReferral = z.object({
  /** An opaque, stable label for the row. */
  id: z.string(),
  code: z.string(),
  joinedAt: z.string(),
  status: ZAccountStatus,
  /** What the account actually paid on paid payments. */
  paidTotal: usd,
  /** The partner's commission from this account, net of reversals. */
  commission: usd,
});
export type TPartnerReferral = z.infer<typeof ZPartnerReferral>;
export const ZPartnerReferralList = z.object({ items: z.array(ZPartnerReferral) });
export type TPartnerReferralList = z.infer<typeof ZPartnerReferralList>;

/** requested → approved → paid, or requested/approved → rejected (the amount returns to the balance). */
export const PAYOUT_STATUSES = ['requested', 'approved', 'paid', 'rejected'] as const;
export const ZPayoutStatus = z.enum(PAYOUT_STATUSES);
export type TPayoutStatus = z.infer<typeof ZPayoutStatus>;

/**
 * EIP-55: an Ethereum address whose letters' case encodes a checksum (keccak-256 of the lower-case hex). Only the
 * checksummed form is accepted, so a mistyped character is caught before money is sent to it.
 */
export const toChecksumAddress = (address: string): string => {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(utf8ToBytes(hex));
  let out = '0x';
  for (let i = 0; i < hex.length; i += 1) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const char = hex.charAt(i);
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
};
export const isChecksumAddress = (address: string): boolean =>
  /^0x[0-9a-fA-F]{40}$/.test(address) && toChecksumAddress(address) === address;

export const ZUsdcAddress = z
  .string()
  .check(
    z.trim(),
    z.refine(
      isChecksumAddress,
      'an Ethereum address with its checksum (0x and 40 characters, mixed case, as your wallet shows it)',
    ),
  );
export const ZTxHash = z
  .string()
  .check(z.trim(), z.regex(/^0x[0-9a-fA-F]{64}$/, 'a transaction hash: 0x and 64 hexadecimal characters'));

export const ZPayout = z.object({
  id: z.string(),
  amount: usd,
  address: z.string(),
  status: ZPayoutStatus,
  txHash: z.nullable(z.string()),
  rejectionReason: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  approvedAt: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  rejectedAt: z.nullable(z.string()),
});
export type TPayout = z.infer<typeof ZPayout>;

/** Sums of the ledger, never stored counters (docs/decisions/partner-programme.md). */
export const ZPartnerBalance = z.object({
  /** Commissions earned, net of reversals. */
  earned: usd,
  /** What can be requested now: earned minus every payout not rejected. */
  available: usd,
  /** Requested or approved payouts not yet paid. */
  pending: usd,
  paid: usd,
  /** The smallest payout that can be requested. */
  minimumPayout: usd,
  /** The share of received payments a partner earns, as a percentage ('20'). */
  commissionPercent: z.string(),
});
export type TPartnerBalance = z.infer<typeof ZPartnerBalance>;

export const ZPartnerPayouts = z.object({ balance: ZPartnerBalance, items: z.array(ZPayout) });
export type TPartnerPayouts = z.infer<typeof ZPartnerPayouts>;

export const ZRequestPayoutBody = z.strictObject({ address: ZUsdcAddress });
export type TRequestPayoutBody = z.infer<typeof ZRequestPayoutBody>;

/** An owner's view of a payout request: whose it is. */
export const ZAdminPayout = z.extend(ZPayout, {
  partnerUserId: z.string(),
  partnerEmail: z.string(),
});
export type TAdminPayout = z.infer<typeof ZAdminPayout>;
export const ZAdminPayoutList = z.object({ items: z.array(ZAdminPayout) });
export type TAdminPayoutList = z.infer<typeof ZAdminPayoutList>;

export const ZAdminPayoutQuery = z.strictObject({ status: z.optional(ZPayoutStatus) });

/** An owner's decision on a payout request. */
export const ZDecidePayoutBody = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('approve') }),
  z.strictObject({ action: z.literal('mark-paid'), txHash: ZTxHash }),
  z.strictObject({
    action: z.literal('reject'),
    reason: text().check(z.trim(), z.minLength(1), z.maxLength(500)),
  }),
]);
export type TDecidePayoutBody = z.infer<typeof ZDecidePayoutBody>;
export const ZPayoutIdParams = z.strictObject({ id: z.uuid() });
