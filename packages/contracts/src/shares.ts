import { z } from 'zod/mini';
import { ZDecimal } from './decimal.ts';
import { ZStatsPeriod } from './stats.ts';

/**
 * Verified sharing (docs/decisions/verified-sharing.md): a trader shares a period report or one ended epic as a
 * public link /s/{token}. The figures are a snapshot the server computed from the recorded fills when the link
 * was made; the privacy choices made then decide what the page and its card show.
 */

/** Only epics that sold out have a final result worth sharing. */
export const SHAREABLE_EPIC_STATUSES = ['closed', 'liquidated'] as const;

export const ZSharePrivacy = z.strictObject({
  /** 'percent': no dollar amount anywhere on the page or the card, and no fill sizes. */
  amounts: z.enum(['dollars', 'percent']),
  showCoin: z.boolean(),
  /**
   * Adds the sharer's referral code (a partner's newest code) to the card and the page, with a link that signs a
   * visitor up through it. An account without a code shares nothing for it.
   */
  includeReferral: z.boolean(),
});
export type TSharePrivacy = z.infer<typeof ZSharePrivacy>;

/** POST /api/v1/shares and POST /api/v1/shares/preview. */
export const ZCreateShareBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('period'), period: ZStatsPeriod, privacy: ZSharePrivacy }),
  z.strictObject({ kind: z.literal('epic'), epicId: z.uuid(), privacy: ZSharePrivacy }),
]);
export type TCreateShareBody = z.infer<typeof ZCreateShareBody>;

export const ZShareIdParams = z.strictObject({ id: z.uuid() });

/** GET /api/v1/shares/referral-code: the code "Include my referral code" would add, or null when there is none. */
export const ZShareReferralCode = z.object({ referralCode: z.nullable(z.string()) });
export type TShareReferralCode = z.infer<typeof ZShareReferralCode>;

/** Frozen with the figures when the link is made, only when the sharer chose to include it. */
const referralCode = { referralCode: z.optional(z.string()) };

/** One fill behind a shared epic, as the venue reported it. */
export const ZShareFill = z.object({
  filledAt: z.iso.datetime(),
  side: z.enum(['buy', 'sell']),
  price: ZDecimal,
  size: ZDecimal,
  fee: ZDecimal,
});
export type TShareFill = z.infer<typeof ZShareFill>;

/** The figures of a period report when it was shared (the stats report's definitions, docs/decisions/stats-figures.md). */
export const ZSharePeriodSnapshot = z.object({
  kind: z.literal('period'),
  period: ZStatsPeriod,
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  realisedPnl: ZDecimal,
  capitalUsed: ZDecimal,
  returnOnCapitalPct: z.nullable(ZDecimal),
  winRatePct: z.nullable(ZDecimal),
  wins: z.int(),
  losses: z.int(),
  epicsClosed: z.int(),
  volume: ZDecimal,
  fees: ZDecimal,
  /** The best epic's coin and return, for the card's highlight. */
  best: z.nullable(
    z.object({ coinSymbol: z.string(), realisedPnl: ZDecimal, realisedPnlPct: z.nullable(ZDecimal) }),
  ),
  ...referralCode,
});
export type TSharePeriodSnapshot = z.infer<typeof ZSharePeriodSnapshot>;

/** One ended epic when it was shared, with the fills its figures come from. */
export const ZShareEpicSnapshot = z.object({
  kind: z.literal('epic'),
  coinSymbol: z.string(),
  status: z.enum(SHAREABLE_EPIC_STATUSES),
  createdAt: z.iso.datetime(),
  closedAt: z.iso.datetime(),
  levelsBought: z.int(),
  dcaLevels: z.int(),
  realisedPnl: ZDecimal,
  realisedPnlPct: z.nullable(ZDecimal),
  capitalUsed: ZDecimal,
  fills: z.array(ZShareFill),
  ...referralCode,
});
export type TShareEpicSnapshot = z.infer<typeof ZShareEpicSnapshot>;

export const ZShareSnapshot = z.discriminatedUnion('kind', [ZSharePeriodSnapshot, ZShareEpicSnapshot]);
export type TShareSnapshot = z.infer<typeof ZShareSnapshot>;

/** A share as its owner lists it; nobody else ever sees this. */
export const ZShare = z.object({
  id: z.uuid(),
  kind: z.enum(['period', 'epic']),
  /** What the link shows, in words: 'Last 30 days', 'SOL-USD epic'. */
  title: z.string(),
  period: z.nullable(ZStatsPeriod),
  epicId: z.nullable(z.uuid()),
  privacy: ZSharePrivacy,
  /** The public page, absolute. */
  url: z.url(),
  /** The card image, absolute. */
  cardUrl: z.url(),
  views: z.int(),
  createdAt: z.iso.datetime(),
  revokedAt: z.nullable(z.iso.datetime()),
});
export type TShare = z.infer<typeof ZShare>;

export const ZShareList = z.object({ shares: z.array(ZShare) });
export type TShareList = z.infer<typeof ZShareList>;
