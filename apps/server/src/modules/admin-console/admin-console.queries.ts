import { type TAdminChartPeriod, type TAdminCharts, ZAdminCharts } from '@cdca/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';

/** How many whole UTC days each period covers, today included. */
export const PERIOD_DAYS: Record<TAdminChartPeriod, number> = { '30d': 30, '90d': 90, '365d': 365 };

/**
 * Every series of /admin/charts in one statement, so all charts read one snapshot and no row is paged through in
 * JavaScript. Days are UTC calendar days (accounts have no time zone, docs/decisions/stats-figures.md); every day of
 * the window is present, zero when nothing happened. The console reads across modules' tables on purpose: it is a
 * read-only view over the whole database, owned by no one module (docs/decisions/composition-root.md).
 *
 * - signups: accounts created that day (also those deleted since: the sign-up happened).
 * - activeTraders: distinct accounts with at least one fill that day; the total is distinct over the window.
 * - revenue: money received on payments paid that day (status paid, by paidAt): the confirmed money on their
 *   charges, or the amount due when an owner marked one paid by hand — the partner ledger's reading of "received"
 *   (modules/partners/commission-ledger.ts receivedOn), so revenue and commissions agree.
 * - monthlyRecurringRevenue: what was received in the 30 days ending that day; plans run in 30-day cycles
 *   (docs/product.md §9), so that is the monthly run rate of paid plans.
 * - volume: bought plus sold value of the fills that day, before fees (billing's volume, docs/product.md §9).
 * - realisedProfit: profit of epics closed by their take-profit that day (status closed, by closedAt), the
 *   engine's own profitsDollarAmount.
 * - partnerCommissions: the commission ledger's entries booked that day, reversals included (net).
 * - accountsByStatus: every account now, by status. epicsByStatus: epics created in the window, by status now.
 */
const chartsStatement = (now: Date, days: number) => {
  const today = sql`(${now.toISOString()}::timestamptz at time zone 'UTC')::date`;
  return sql`
    with
      bounds as (
        select (${today} - (${days}::int - 1)) as first_day, ${today} as last_day
      ),
      window_range as (
        select (first_day::timestamp at time zone 'UTC') as from_at,
               ((last_day + 1)::timestamp at time zone 'UTC') as to_at
        from bounds
      ),
      days as (
        select d::date as day
        from bounds, generate_series(first_day::timestamp, last_day::timestamp, interval '1 day') as d
      ),
      signups as (
        select (created_at at time zone 'UTC')::date as day, count(*)::int as value
        from accounts, window_range
        where created_at >= from_at and created_at < to_at
        group by 1
      ),
      fills as (
        select (f.filled_at at time zone 'UTC')::date as day, e.account_id, f.price * f.size as value
        from epic_fills f join epics e on e.id = f.epic_id, window_range
        where f.filled_at >= from_at and f.filled_at < to_at
      ),
      paid_days as (
        select (paid_at at time zone 'UTC')::date as day, sum(greatest(amount_paid, amount_due)) as value
        from payments, window_range
        where status = 'paid' and paid_at >= from_at - interval '29 days' and paid_at < to_at
        group by 1
      ),
      revenue as (
        select d::date as day, coalesce(p.value, 0) as value,
          sum(coalesce(p.value, 0)) over (order by d rows between 29 preceding and current row) as mrr
        from bounds, generate_series((first_day - 29)::timestamp, last_day::timestamp, interval '1 day') as d
        left join paid_days p on p.day = d::date
      ),
      profits as (
        select (closed_at at time zone 'UTC')::date as day, coalesce(profits_dollar_amount, 0) as value
        from epics, window_range
        where status = 'closed' and closed_at >= from_at and closed_at < to_at
      ),
      commissions as (
        select (created_at at time zone 'UTC')::date as day, amount as value
        from partner_ledger_entries, window_range
        where kind in ('commission', 'commission-reversal') and created_at >= from_at and created_at < to_at
      ),
      fill_days as (
        select day, count(distinct account_id)::int as traders, sum(value) as volume from fills group by day
      ),
      profit_days as (select day, sum(value) as value from profits group by day),
      commission_days as (select day, sum(value) as value from commissions group by day),
      per_day as (
        select
          days.day,
          coalesce(s.value, 0) as signups,
          coalesce(f.traders, 0) as active_traders,
          r.value as revenue,
          r.mrr,
          coalesce(f.volume, 0) as volume,
          coalesce(p.value, 0) as realised,
          coalesce(c.value, 0) as commissions
        from days
        join revenue r on r.day = days.day
        left join signups s on s.day = days.day
        left join fill_days f on f.day = days.day
        left join profit_days p on p.day = days.day
        left join commission_days c on c.day = days.day
      )
    select
      (select first_day::text from bounds) as "from",
      (select last_day::text from bounds) as "to",
      (select json_agg(json_build_object(
        'day', day::text,
        'signups', signups,
        'activeTraders', active_traders,
        'revenue', trim_scale(revenue)::text,
        'mrr', trim_scale(mrr)::text,
        'volume', trim_scale(volume)::text,
        'realised', trim_scale(realised)::text,
        'commissions', trim_scale(commissions)::text) order by day) from per_day) as days,
      (select json_agg(json_build_object('status', status::text, 'count', n) order by ord) from (
        select s.status, s.ord, (select count(*)::int from accounts a where a.status = s.status) as n
        from unnest(enum_range(null::account_status)) with ordinality as s(status, ord)) x) as accounts,
      (select json_agg(json_build_object('status', status::text, 'count', n) order by ord) from (
        select s.status, s.ord, (select count(*)::int from epics e, window_range
          where e.status = s.status and e.created_at >= from_at and e.created_at < to_at) as n
        from unnest(enum_range(null::epic_status)) with ordinality as s(status, ord)) x) as epics,
      json_build_object(
        'signups', (select coalesce(sum(signups), 0)::int from per_day),
        'activeTraders', (select count(distinct account_id)::int from fills),
        'revenue', (select trim_scale(coalesce(sum(revenue), 0))::text from per_day),
        'volume', (select trim_scale(coalesce(sum(value), 0))::text from fills),
        'realisedProfit', (select trim_scale(coalesce(sum(value), 0))::text from profits),
        'partnerCommissions', (select trim_scale(coalesce(sum(value), 0))::text from commissions)
      ) as totals
  `;
};

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const ZRawCharts = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      day: z.string(),
      signups: z.number().int(),
      activeTraders: z.number().int(),
      revenue: decimal,
      mrr: decimal,
      volume: decimal,
      realised: decimal,
      commissions: decimal,
    }),
  ),
  accounts: z.array(z.object({ status: z.string(), count: z.number().int() })),
  epics: z.array(z.object({ status: z.string(), count: z.number().int() })),
  totals: z.object({
    signups: z.number().int(),
    activeTraders: z.number().int(),
    revenue: decimal,
    volume: decimal,
    realisedProfit: decimal,
    partnerCommissions: decimal,
  }),
});

export const queryAdminCharts = async (
  db: Db,
  period: TAdminChartPeriod,
  now: Date,
): Promise<TAdminCharts> => {
  const result = await db.execute(chartsStatement(now, PERIOD_DAYS[period]));
  const [raw] = z.object({ rows: z.array(ZRawCharts).length(1) }).parse(result).rows;
  if (!raw) throw new Error('the charts statement returned no row');
  const series = <K extends keyof (typeof raw.days)[number]>(key: K) =>
    raw.days.map((row) => ({ day: row.day, value: row[key] }));
  // Parsed by the contract itself, so a status the enums do not know fails here rather than in the browser.
  return ZAdminCharts.parse({
    period,
    from: raw.from,
    to: raw.to,
    signups: series('signups'),
    activeTraders: series('activeTraders'),
    revenue: series('revenue'),
    monthlyRecurringRevenue: series('mrr'),
    volume: series('volume'),
    realisedProfit: series('realised'),
    partnerCommissions: series('commissions'),
    accountsByStatus: raw.accounts,
    epicsByStatus: raw.epics,
    totals: raw.totals,
  });
};
