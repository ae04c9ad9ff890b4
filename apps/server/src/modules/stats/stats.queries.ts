import { TERMINAL_EPIC_STATUSES } from '@cdca/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';

export type StatsWindow = {
  accountId: string;
  /** Inclusive start and exclusive end of the period. */
  from: Date;
  to: Date;
  /** IANA zone the days are cut in (docs/decisions/stats-figures.md). */
  timeZone: string;
};

/** Constants of our own, so inlining them is safe; literal, so the running-epics partial index matches. */
export const TERMINAL = sql.raw(TERMINAL_EPIC_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * THE per-epic definition of an ended epic's capital used and realised P&L (docs/decisions/stats-figures.md), over
 * a row with status, buy_value, buy_fees, buy_base, sell_value, sell_fees, sell_base (and capital_used for
 * REALISED). The report and the lifetime profit behind the rank (lifetime-profit.ts) both read these.
 */
export const CAPITAL_USED = sql.raw(`case when status in ('closed', 'liquidated') then buy_value + buy_fees
          when buy_base > 0 then (buy_value + buy_fees) * sell_base / buy_base
          else 0 end`);
export const REALISED = sql.raw('round(floor((sell_value - sell_fees - capital_used) * 100) / 100, 2)');

/** numeric and bigint come back as text, so nothing on the way is a float. */
const numeric = z.string().regex(/^-?\d+(\.\d+)?$/);
const count = z.union([z.number().int(), numeric.transform(Number)]);

const ZRawEpic = z.object({
  epicId: z.string(),
  coinId: z.string(),
  coinSymbol: z.string(),
  status: z.enum(['closed', 'cancelled', 'liquidated', 'delisted']),
  realised: numeric,
  capitalUsed: numeric,
  closedAt: z.string(),
});

const ZRawReport = z.object({
  summary: z.object({
    realised: numeric,
    capitalUsed: numeric,
    closed: count,
    cancelled: count,
    liquidated: count,
    delisted: count,
    wins: count,
    losses: count,
    closedRealised: numeric,
    averageCloseSeconds: count.nullable(),
    medianCloseSeconds: count.nullable(),
  }),
  totals: z.object({ bought: numeric, sold: numeric, fees: numeric }),
  coins: z.array(
    z.object({
      coinId: z.string(),
      coinSymbol: z.string(),
      epics: count,
      realised: numeric,
      volume: numeric,
      fees: numeric,
    }),
  ),
  best: ZRawEpic.nullable(),
  worst: ZRawEpic.nullable(),
  daily: z.array(z.object({ date: z.string(), realised: numeric, capital: numeric })),
  running: z.object({ epics: count, capital: numeric, marketValue: numeric, unrealised: numeric }),
});
export type RawStatsReport = z.infer<typeof ZRawReport>;

/** One ended epic as the report names it (best, worst), over a row of the `ended` set. */
export const epicJson = (alias: string) =>
  sql.raw(`json_build_object(
    'epicId', ${alias}.id, 'coinId', ${alias}.coin_id, 'coinSymbol', c.symbol, 'status', ${alias}.status,
    'realised', ${alias}.realised::text, 'capitalUsed', ${alias}.capital_used::text,
    'closedAt', to_char(${alias}.closed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`);

const QUARTER_MS = 900_000;

/** An instant's UTC day and its index in epic_buy_days.before (1 + the quarter hour it starts). */
const utcQuarter = (instant: string) =>
  sql.raw(`(${instant} at time zone 'UTC')::date as ${instant}_day,
    floor(extract(epoch from (${instant} at time zone 'UTC')::time) / 900)::int + 1 as ${instant}_at`);

/**
 * The whole report in ONE statement (formulas and rounding: docs/decisions/stats-figures.md). An epic that ended
 * inside the window's whole quarter hours [aq, bq) with every fill inside them is read from its frozen summary, and
 * its buys by day from epic_buy_days (docs/decisions/stats-summaries.md); only the rest — running epics, epics
 * that straddle an edge of the window, any ended epic without a summary — are read from their fills. The figures
 * are exactly those of the fills: testing/report-from-fills.ts is the reference the tests compare against.
 */
export const statsReportStatement = (w: StatsWindow) => {
  const from = sql`${w.from.toISOString()}::timestamptz`;
  const to = sql`${w.to.toISOString()}::timestamptz`;
  const tz = sql`${w.timeZone}::text`;
  const aqMs = Math.ceil(w.from.getTime() / QUARTER_MS) * QUARTER_MS;
  const aq = sql`${new Date(aqMs).toISOString()}::timestamptz`;
  const bq = sql`${new Date(Math.max(aqMs, Math.floor(w.to.getTime() / QUARTER_MS) * QUARTER_MS)).toISOString()}::timestamptz`;
  return sql`
    with frozen as materialized (
      -- Every fill in [aq, closed_at]: the summary is the epic's whole part of the period, nothing before it. Read
      -- once, narrow, and folded into frozen_coins and frozen_days; only the median and best/worst look at rows again.
      select s.epic_id as id, s.coin_id, s.status, s.closed_at, s.closed_at - s.opened_at as lifetime,
        (s.closed_at at time zone ${tz})::date as day, s.sell_base > 0 as sold_any, s.realised, s.capital_used,
        s.bought, s.sold, s.buy_fees + s.sell_fees as fees, s.bought + s.buy_fees as cost
      from epic_summaries s
      where s.account_id = ${w.accountId} and s.closed_at >= ${aq} and s.closed_at < ${bq}
        and (s.first_fill_at is null or s.first_fill_at >= ${aq})
        and (s.last_fill_at is null or s.last_fill_at <= s.closed_at)
    ),
    frozen_coins as materialized (
      -- Per coin and status: the summary, the coins and the totals add up these few rows.
      select coin_id, status, count(*) as epics, sum(realised) as realised, sum(capital_used) as capital_used,
        count(*) filter (where sold_any and realised > 0) as wins,
        count(*) filter (where sold_any and realised <= 0) as losses,
        sum(bought) as bought, sum(sold) as sold, sum(fees) as fees, sum(lifetime) as lifetime
      from frozen group by coin_id, status
    ),
    frozen_days as (
      -- Per local day of the end: the daily realised figure, and the capital that leaves.
      select day, sum(realised) as realised, sum(cost) as cost from frozen group by day
    ),
    scope as materialized (
      -- The rest of the epics that can have a fill in the period (fills happen while an epic lives; a day's slack
      -- covers a venue clock ahead of ours), and every running one. Index range reads, each a handful of rows.
      select e.id, e.coin_id, e.status, e.created_at, e.closed_at, s.epic_id is not null as summarised
      from epics e left join epic_summaries s on s.epic_id = e.id
      where e.account_id = ${w.accountId} and e.created_at < ${to}
        and e.closed_at >= ${from} - interval '1 day' and e.closed_at < ${aq}
      union
      select e.id, e.coin_id, e.status, e.created_at, e.closed_at, s.epic_id is not null
      from epics e left join epic_summaries s on s.epic_id = e.id
      where e.account_id = ${w.accountId} and e.created_at < ${to} and e.closed_at >= ${bq}
      union
      select s.epic_id, s.coin_id, s.status, s.opened_at, s.closed_at, true
      from epic_summaries s
      where s.account_id = ${w.accountId} and s.closed_at >= ${aq} and s.closed_at < ${bq}
        and (s.first_fill_at < ${aq} or s.last_fill_at > s.closed_at)
      union
      -- An ended epic without a summary is read from its fills: slower, never wrong. The counts (an index-only
      -- read) decide once whether to look for one at all.
      select e.id, e.coin_id, e.status, e.created_at, e.closed_at, false
      from epics e
      where e.account_id = ${w.accountId} and e.closed_at >= ${aq} and e.closed_at < ${bq} and e.created_at < ${to}
        and (select count(*) from epics x
          where x.account_id = ${w.accountId} and x.closed_at >= ${aq} and x.closed_at < ${bq})
          <> (select count(*) from epic_summaries x
            where x.account_id = ${w.accountId} and x.closed_at >= ${aq} and x.closed_at < ${bq})
        and not exists (select 1 from epic_summaries x where x.epic_id = e.id)
      union
      select e.id, e.coin_id, e.status, e.created_at, e.closed_at, false
      from epics e
      where e.account_id = ${w.accountId} and e.status not in (${TERMINAL})
    ),
    fill_groups as materialized (
      -- Per epic through its index (lateral). rolled: a buy epic_buy_days already holds, counted there.
      select s.id as epic_id, g.*
      from scope s cross join lateral (
        select f.side,
          case when f.filled_at < ${from} then -1 when f.filled_at >= ${to} then 1 else 0 end as bucket,
          case when f.filled_at >= ${from} and f.filled_at < ${to}
            then (f.filled_at at time zone ${tz})::date end as day,
          (s.summarised and f.side = 'buy' and f.filled_at <= s.closed_at
            and f.filled_at >= ${aq} and f.filled_at < ${bq}) as rolled,
          sum(f.price * f.size) as value, sum(f.size) as base, sum(f.fee) as fees, count(*) as fills
        from epic_fills f where f.epic_id = s.id
        group by 1, 2, 3, 4
      ) g
    ),
    per_epic as materialized (
      select s.*,
        (s.status in (${TERMINAL}) and s.closed_at >= ${from} and s.closed_at < ${to}) as ended_in_period,
        coalesce(g.buy_value, 0) as buy_value, coalesce(g.buy_fees, 0) as buy_fees,
        coalesce(g.buy_base, 0) as buy_base, coalesce(g.sell_value, 0) as sell_value,
        coalesce(g.sell_fees, 0) as sell_fees, coalesce(g.sell_base, 0) as sell_base,
        coalesce(g.p_bought, 0) as p_bought, coalesce(g.p_sold, 0) as p_sold,
        coalesce(g.p_fees, 0) as p_fees, coalesce(g.p_fills, 0) as p_fills,
        coalesce(g.cost_before, 0) as cost_before, coalesce(g.cost_until_to, 0) as cost_until_to
      from scope s left join (
        select epic_id,
          sum(value) filter (where side = 'buy') as buy_value,
          sum(fees) filter (where side = 'buy') as buy_fees,
          sum(base) filter (where side = 'buy') as buy_base,
          sum(value) filter (where side = 'sell') as sell_value,
          sum(fees) filter (where side = 'sell') as sell_fees,
          sum(base) filter (where side = 'sell') as sell_base,
          sum(value) filter (where side = 'buy' and bucket = 0) as p_bought,
          sum(value) filter (where side = 'sell' and bucket = 0) as p_sold,
          sum(fees) filter (where bucket = 0) as p_fees,
          sum(fills) filter (where bucket = 0) as p_fills,
          sum(value + fees) filter (where side = 'buy' and bucket < 0) as cost_before,
          sum(value + fees) filter (where side = 'buy' and bucket <= 0) as cost_until_to
        from fill_groups group by epic_id
      ) g on g.epic_id = s.id
    ),
    costed as (
      -- The capital behind what was sold: all of it when the epic sold out (closed, liquidated: dust left
      -- behind is a cost, as in the epic's own profit), the sold share at average cost when the coins were kept.
      select p.*, ${CAPITAL_USED} as capital_used
      from per_epic p where p.ended_in_period
    ),
    live_ended as materialized (
      select c.*, ${REALISED} as realised
      from costed c
    ),
    ended as (
      -- Per (coin, status) group: the frozen groups, and each epic read from its fills as a group of one.
      select coin_id, status, epics, realised, capital_used, wins, losses, lifetime from frozen_coins
      union all
      select coin_id, status, 1, realised, capital_used, (sell_base > 0 and realised > 0)::int,
        (sell_base > 0 and realised <= 0)::int, closed_at - created_at
      from live_ended
    ),
    summary as (
      select coalesce(sum(realised), 0) as realised, coalesce(sum(capital_used), 0) as capital_used,
        coalesce(sum(epics) filter (where status = 'closed'), 0) as closed,
        coalesce(sum(epics) filter (where status = 'cancelled'), 0) as cancelled,
        coalesce(sum(epics) filter (where status = 'liquidated'), 0) as liquidated,
        coalesce(sum(epics) filter (where status = 'delisted'), 0) as delisted,
        coalesce(sum(wins), 0) as wins, coalesce(sum(losses), 0) as losses,
        coalesce(sum(realised) filter (where status = 'closed'), 0) as closed_realised,
        -- avg(interval) is the sum over the count: summed per group first, the same exact figure.
        round(extract(epoch from sum(lifetime) filter (where status = 'closed')
          / nullif(sum(epics) filter (where status = 'closed'), 0)::double precision))::bigint as average_close,
        (select round(extract(epoch from percentile_cont(0.5) within group (order by lifetime)))::bigint from (
          select lifetime from frozen where status = 'closed'
          union all
          select closed_at - created_at from live_ended where status = 'closed'
        ) l) as median_close
      from ended
    ),
    picks as not materialized (
      -- Best and worst (ties: earlier close, then id): the one epic is picked first, then described, so no JSON
      -- object is built for every ended epic.
      select id, coin_id, status, realised, capital_used, closed_at, sold_any from frozen
      union all
      select id, coin_id, status, realised, capital_used, closed_at, sell_base > 0 from live_ended
    ),
    coin_rows as (
      select x.coin_id, c.symbol, sum(x.epics) as epics, coalesce(sum(x.realised), 0) as realised,
        sum(x.volume) as volume, sum(x.fees) as fees
      from (
        select p.coin_id, 1 as epics, e.realised, p.p_bought + p.p_sold as volume, p.p_fees as fees
        from per_epic p left join live_ended e on e.id = p.id
        where p.ended_in_period or p.p_fills > 0
        union all
        select coin_id, epics, realised, bought + sold, fees from frozen_coins
      ) x join coins c on c.id = x.coin_id
      group by x.coin_id, c.symbol
    ),
    days as (
      select d::date as day from generate_series(
        (${from} at time zone ${tz})::date, ((${to} - interval '1 microsecond') at time zone ${tz})::date,
        interval '1 day') d
    ),
    utc_days as (
      -- epic_buy_days over [aq, bq), with what the earlier days of the range add up to.
      select u.day::date as day, r.before,
        coalesce(sum(r.before[97]) over (order by u.day rows between unbounded preceding and 1 preceding), 0)
          as prior
      from generate_series((${aq} at time zone 'UTC')::date, (${bq} at time zone 'UTC')::date, interval '1 day') u(day)
      left join epic_buy_days r on r.account_id = ${w.accountId} and r.day = u.day::date
    ),
    segments as (
      -- Each local day's share of [aq, bq); its ends are local midnights, which fall on quarter hours in every zone.
      select day, ${utcQuarter('s')}, ${utcQuarter('e')}
      from (
        select d::date as day, greatest(${aq}, d::date::timestamp at time zone ${tz}) as s,
          least(${bq}, (d::date + 1)::timestamp at time zone ${tz}) as e
        from generate_series((${aq} at time zone ${tz})::date, (${bq} at time zone ${tz})::date, interval '1 day') d
      ) x
      where s < e
    ),
    rolled_days as (
      select g.day, (ue.prior + coalesce(ue.before[g.e_at], 0)) - (us.prior + coalesce(us.before[g.s_at], 0))
          as bought
      from segments g join utc_days us on us.day = g.s_day join utc_days ue on ue.day = g.e_day
    ),
    deltas as (
      -- Capital goes to work as buys fill and leaves when the epic ends (docs/decisions/stats-figures.md).
      select day, sum(delta) as delta from (
        select day, value + fees as delta from fill_groups where side = 'buy' and bucket = 0
        union all
        select day, -(value + fees) from fill_groups where rolled
        union all
        select day, bought from rolled_days
        union all
        select (closed_at at time zone ${tz})::date, -cost_until_to from live_ended
        union all
        select day, -cost from frozen_days
      ) x group by day
    ),
    pnl_days as (
      select day, sum(realised) as realised from (
        select (closed_at at time zone ${tz})::date as day, realised from live_ended
        union all
        select day, realised from frozen_days
      ) x group by day
    ),
    opening as (
      select coalesce(sum(cost_before), 0) as capital from per_epic
      where closed_at is null or closed_at >= ${from}
    ),
    daily as (
      select d.day, coalesce(p.realised, 0) as realised,
        (select capital from opening) + coalesce(sum(x.delta) over (order by d.day), 0) as capital
      from days d left join deltas x on x.day = d.day left join pnl_days p on p.day = d.day
    ),
    running as (
      select count(*) as epics, coalesce(sum(r.buy_value + r.buy_fees), 0) as capital,
        coalesce(sum(r.held * r.price), 0) as market_value,
        coalesce(sum(round(floor(
          (r.held * r.price + r.sell_value - r.sell_fees - r.buy_value - r.buy_fees) * 100) / 100, 2)), 0)
          as unrealised
      from (
        select p.*, p.buy_base - p.sell_base as held, c.price
        from per_epic p join coins c on c.id = p.coin_id
        where p.status not in (${TERMINAL})
      ) r
    ),
    totals as (
      select sum(bought) as bought, sum(sold) as sold, sum(fees) as fees from (
        select p_bought as bought, p_sold as sold, p_fees as fees from per_epic
        union all
        select bought, sold, fees from frozen_coins
      ) x
    )
    select
      (select json_build_object(
        'realised', realised::text, 'capitalUsed', capital_used::text, 'closed', closed,
        'cancelled', cancelled, 'liquidated', liquidated, 'delisted', delisted, 'wins', wins,
        'losses', losses, 'closedRealised', closed_realised::text,
        'averageCloseSeconds', average_close, 'medianCloseSeconds', median_close) from summary) as summary,
      (select json_build_object(
        'bought', coalesce(bought, 0)::text, 'sold', coalesce(sold, 0)::text,
        'fees', coalesce(fees, 0)::text) from totals) as totals,
      (select coalesce(json_agg(json_build_object(
        'coinId', coin_id, 'coinSymbol', symbol, 'epics', epics, 'realised', realised::text,
        'volume', volume::text, 'fees', fees::text) order by realised desc, symbol), '[]'::json)
        from coin_rows) as coins,
      -- The one epic picked first, then described: not a JSON object built for every ended epic.
      (select ${epicJson('b')} from picks b join coins c on c.id = b.coin_id where b.id = (
        select id from picks where sold_any order by realised desc, closed_at, id limit 1)) as best,
      (select ${epicJson('w')} from picks w join coins c on c.id = w.coin_id where w.id = (
        select id from picks where sold_any order by realised asc, closed_at, id limit 1)) as worst,
      (select coalesce(json_agg(json_build_object(
        'date', day::text, 'realised', realised::text, 'capital', capital::text) order by day), '[]'::json)
        from daily) as daily,
      (select json_build_object('epics', epics, 'capital', capital::text,
        'marketValue', market_value::text, 'unrealised', unrealised::text) from running) as running
  `;
};

export const queryStatsReport = async (db: Db, w: StatsWindow): Promise<RawStatsReport> => {
  // The planner's guess at the per-epic reads can pass jit_above_cost; compiling the statement then costs more
  // than running it (~270 ms against ~30 ms for 'all', bench/README.md), so JIT is off for this transaction.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(statsReportStatement(w));
  });
  const [row] = z.object({ rows: z.array(ZRawReport).length(1) }).parse(result).rows;
  if (!row) throw new Error('the stats statement returned no row');
  return row;
};

/** 'all' starts at the account's first epic; an account without epics has nothing before now. */
export const queryFirstActivity = async (db: Db, accountId: string): Promise<Date | null> => {
  const result = await db.execute(sql`
    select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as first
    from epics where account_id = ${accountId}
  `);
  const [row] = z.object({ rows: z.array(z.object({ first: z.string().nullable() })) }).parse(result).rows;
  return row?.first ? new Date(row.first) : null;
};
