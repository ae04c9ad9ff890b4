import { z } from 'zod/mini';
import { ZRankTier } from './account.ts';
import { ZDecimal } from './decimal.ts';

/** GET /api/v1/rank: the caller's tier and the way to the next one (docs/decisions/rank-tiers.md). */
export const ZRankProgress = z.object({
  tier: ZRankTier,
  /** Σ realised P&L of every ended epic, losses included: the stats report's `realisedPnl` over all time. */
  lifetimeRealisedProfit: ZDecimal,
  /** null at hero, the top tier. */
  next: z.nullable(
    z.object({
      tier: ZRankTier,
      threshold: ZDecimal,
      /** Dollars still needed, rounded up to the cent. */
      remaining: ZDecimal,
      /** 0–100 from the held tier's threshold to the next, floored to 2 decimals. */
      percent: ZDecimal,
    }),
  ),
});
export type TRankProgress = z.infer<typeof ZRankProgress>;
