import { z } from 'zod/mini';
import { ZAccountStatus } from './account.ts';
import { ZDecimal } from './decimal.ts';
import { ZEpicStatus } from './epics.ts';

/** The owner's charts look back over one of these windows of whole UTC days, today included. */
export const ADMIN_CHART_PERIODS = ['30d', '90d', '365d'] as const;
export const ZAdminChartPeriod = z.enum(ADMIN_CHART_PERIODS);
export type TAdminChartPeriod = z.infer<typeof ZAdminChartPeriod>;

export const ZAdminChartsQuery = z.strictObject({ period: z._default(ZAdminChartPeriod, '30d') });
export type TAdminChartsQuery = z.infer<typeof ZAdminChartsQuery>;

const ZDay = z.iso.date();

/** A count on a calendar day (UTC); every day of the window is present, zero when nothing happened. */
export const ZDailyCount = z.object({ day: ZDay, value: z.int() });
export type TDailyCount = z.infer<typeof ZDailyCount>;

/** Money on a calendar day (UTC), a decimal string in USD. */
export const ZDailyAmount = z.object({ day: ZDay, value: ZDecimal });
export type TDailyAmount = z.infer<typeof ZDailyAmount>;

/**
 * GET /api/v1/admin/charts (owners only): every series of /admin/charts, computed in SQL over the window
 * (apps/server/src/modules/admin-console/admin-console.queries.ts says what each one counts).
 */
export const ZAdminCharts = z.object({
  period: ZAdminChartPeriod,
  from: ZDay,
  to: ZDay,
  signups: z.array(ZDailyCount),
  activeTraders: z.array(ZDailyCount),
  revenue: z.array(ZDailyAmount),
  monthlyRecurringRevenue: z.array(ZDailyAmount),
  volume: z.array(ZDailyAmount),
  realisedProfit: z.array(ZDailyAmount),
  partnerCommissions: z.array(ZDailyAmount),
  accountsByStatus: z.array(z.object({ status: ZAccountStatus, count: z.int() })),
  epicsByStatus: z.array(z.object({ status: ZEpicStatus, count: z.int() })),
  totals: z.object({
    signups: z.int(),
    /** Distinct accounts with a fill in the window (not the sum of the days). */
    activeTraders: z.int(),
    revenue: ZDecimal,
    volume: ZDecimal,
    realisedProfit: ZDecimal,
    partnerCommissions: ZDecimal,
  }),
});
export type TAdminCharts = z.infer<typeof ZAdminCharts>;
