import { z } from 'zod/mini';
import { ZDecimal } from './decimal.ts';

export const STATS_PERIODS = ['24h', '7d', '30d', '90d', 'all'] as const;
export const ZStatsPeriod = z.enum(STATS_PERIODS);
export type TStatsPeriod = z.infer<typeof ZStatsPeriod>;

/** A custom window longer than this would make a daily series of thousands of points; 'all' has no such cap. */
export const MAX_CUSTOM_RANGE_DAYS = 3660;
const DAY_MS = 86_400_000;

/**
 * GET /api/v1/stats: a named period (default 30d), or a custom window [from, to) (`to` defaults to now). The
 * figures are defined in docs/decisions/stats-figures.md.
 */
export const ZStatsQuery = z
  .strictObject({
    period: z.optional(ZStatsPeriod),
    from: z.optional(z.iso.datetime({ offset: true })),
    to: z.optional(z.iso.datetime({ offset: true })),
  })
  .check(
    z.superRefine((query, ctx) => {
      if (query.period && (query.from || query.to)) {
        ctx.addIssue({
          code: 'custom',
          path: ['period'],
          message: 'Send either a period or a custom from/to window, not both.',
        });
        return;
      }
      if (query.to && !query.from) {
        ctx.addIssue({ code: 'custom', path: ['from'], message: 'A custom window needs its start (from).' });
        return;
      }
      if (!query.from) return;
      const from = Date.parse(query.from);
      const to = query.to ? Date.parse(query.to) : Date.now();
      if (from >= to) {
        ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be before to.' });
      } else if (to - from > MAX_CUSTOM_RANGE_DAYS * DAY_MS) {
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: `A custom window is at most ${MAX_CUSTOM_RANGE_DAYS} days; use period=all for everything.`,
        });
      }
    }),
  );
export type TStatsQuery = z.infer<typeof ZStatsQuery>;

/** One ended epic, for the best and worst of the period. */
export const ZStatsEpic = z.object({
  epicId: z.uuid(),
  coinId: z.uuid(),
  coinSymbol: z.string(),
  status: z.enum(['closed', 'cancelled', 'liquidated', 'delisted']),
  realisedPnl: ZDecimal,
  /** Realised P&L over the capital it used, in percent to 2 decimals. */
  realisedPnlPct: z.nullable(ZDecimal),
  closedAt: z.iso.datetime(),
});
export type TStatsEpic = z.infer<typeof ZStatsEpic>;

export const ZStatsCoin = z.object({
  coinId: z.uuid(),
  coinSymbol: z.string(),
  /** This coin's epics that traded or ended in the period. */
  epics: z.int(),
  realisedPnl: ZDecimal,
  volume: ZDecimal,
  fees: ZDecimal,
});
export type TStatsCoin = z.infer<typeof ZStatsCoin>;

/** One calendar day in the report's time zone. */
export const ZStatsDay = z.object({
  date: z.iso.date(),
  /** Realised P&L of the epics that ended that day. */
  realisedPnl: ZDecimal,
  /** Money at work in epics still running at the end of that day (their buy cost, fees included). */
  capitalDeployed: ZDecimal,
});
export type TStatsDay = z.infer<typeof ZStatsDay>;

export const ZStatsReport = z.object({
  period: z.object({
    kind: z.enum([...STATS_PERIODS, 'custom']),
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    /** Days are cut in this IANA zone. */
    timeZone: z.string(),
  }),
  /** Σ realised P&L of the epics that ended in the period, each to the cent (the epic's own profit figure). */
  realisedPnl: ZDecimal,
  /** The buy cost (fees included) behind that realised P&L. */
  capitalUsed: ZDecimal,
  /** realisedPnl / capitalUsed in percent, 2 decimals; null when no capital was used. */
  returnOnCapitalPct: z.nullable(ZDecimal),
  /** Bought plus sold value of the period's fills, before fees (the billing definition). */
  volume: ZDecimal,
  bought: ZDecimal,
  sold: ZDecimal,
  /** Fees of the period's fills, in the quote currency (USD). */
  fees: ZDecimal,
  epics: z.object({
    closed: z.int(),
    cancelled: z.int(),
    liquidated: z.int(),
    delisted: z.int(),
  }),
  /** Ended epics that sold something, won (realised P&L above zero) or not. */
  wins: z.int(),
  losses: z.int(),
  /** wins / (wins + losses) in percent, 2 decimals; null when nothing was sold. */
  winRatePct: z.nullable(ZDecimal),
  /** Creation to close of the epics closed by their take-profit, in whole seconds. */
  timeToClose: z.object({
    averageSeconds: z.nullable(z.int()),
    medianSeconds: z.nullable(z.int()),
  }),
  /** Realised P&L per epic closed by its take-profit, to the cent. */
  averageProfitPerClose: z.nullable(ZDecimal),
  best: z.nullable(ZStatsEpic),
  worst: z.nullable(ZStatsEpic),
  coins: z.array(ZStatsCoin),
  daily: z.array(ZStatsDay),
  /** Epics running now (whatever the period): what they hold at the latest prices against what they cost. */
  running: z.object({
    epics: z.int(),
    /** Their buy cost so far, fees included. */
    capitalDeployed: ZDecimal,
    /** What they hold at the coins' latest prices. */
    marketValue: ZDecimal,
    /** marketValue + sell proceeds so far − sell fees − capitalDeployed, each epic to the cent. */
    unrealisedPnl: ZDecimal,
  }),
});
export type TStatsReport = z.infer<typeof ZStatsReport>;
