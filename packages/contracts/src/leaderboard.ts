import { z } from 'zod/mini';
import { ZDecimal } from './decimal.ts';

/** A name a trader chooses for the leaderboard: letters, digits, spaces and . _ - only, 2 to 24 characters. */
export const ZLeaderboardDisplayName = z
  .string()
  .check(
    z.trim(),
    z.minLength(2),
    z.maxLength(24),
    z.regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u, 'letters, digits, spaces, dots, dashes and underscores'),
  );

/** The caller's leaderboard choices (docs/decisions/rank-tiers.md, privacy): nobody is listed without opting in. */
export const ZLeaderboardPreferences = z.object({
  optedIn: z.boolean(),
  showDollars: z.boolean(),
  displayName: z.nullable(z.string()),
  /** The anonymous handle shown when there is no display name ('trader-7f3a'): stable, not reversible. */
  handle: z.string(),
});
export type TLeaderboardPreferences = z.infer<typeof ZLeaderboardPreferences>;

export const ZUpdateLeaderboardPreferencesBody = z
  .partial(
    z.strictObject({
      optedIn: z.boolean(),
      showDollars: z.boolean(),
      displayName: z.nullable(ZLeaderboardDisplayName),
    }),
  )
  .check(
    z.refine((body) => Object.keys(body).length > 0, { message: 'Send at least one preference to change.' }),
  );
export type TUpdateLeaderboardPreferencesBody = z.infer<typeof ZUpdateLeaderboardPreferencesBody>;

export const ZLeaderboardEntry = z.object({
  /** 1-based; tied returns share a position (1, 2, 2, 4). */
  position: z.int().check(z.gte(1)),
  /** The display name, or the anonymous handle. */
  name: z.string(),
  anonymous: z.boolean(),
  /** Realised P&L / capital used over the window × 100, half-up to 2 decimals. */
  returnPct: ZDecimal,
  /** Dollars only for a trader who chose to show them; null otherwise. */
  realisedPnl: z.nullable(ZDecimal),
  epics: z.int(),
  /** The caller's own row. */
  you: z.boolean(),
});
export type TLeaderboardEntry = z.infer<typeof ZLeaderboardEntry>;

/** GET /api/v1/rank/leaderboard: the top 50 by return over the last 30 days, and the caller's row if opted in. */
export const ZLeaderboard = z.object({
  window: z.object({ from: z.iso.datetime(), to: z.iso.datetime(), days: z.int() }),
  entries: z.array(ZLeaderboardEntry),
  /** The caller's row wherever it stands (also when outside the top 50); null when not opted in or not ranked. */
  you: z.nullable(ZLeaderboardEntry),
  /** Traders ranked in all. */
  ranked: z.int(),
});
export type TLeaderboard = z.infer<typeof ZLeaderboard>;
