import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { CAPITAL_USED, epicJson, REALISED, type StatsWindow, TERMINAL } from '../stats.queries.ts';

/**
 * The report as it was computed before summaries (docs/decisions/stats-summaries.md): every figure straight from
 * the fills, in one statement. Kept for tests and the bench only, as the reference the summaries must equal.
 */
export const reportFromFillsStatement = (w: StatsWindow) => {
  const from = sql`${w.from.toISOString()}::timestamptz`;
  const to = sql`${w.to.toISOString()}::timestamptz`;
  const tz = sql`${w.timeZone}::text`;
  return sql`
    with scope as materialized (
      -- Epics that can have a fill in the period (fills happen while an epic lives; a day's slack covers a
      -- venue clock ahead of ours), and every running one for the unrealised figure. Two index range reads.
      select e.id, e.coin_id, e.status, e.created_at, e.closed_at,
        (e.status in (${TERMINAL}) and e.closed_at >= ${from} and e.closed_at < ${to}) as ended_in_period
      from epics e
      where e.account_id = ${w.accountId} and e.closed_at >= ${from} - interval '1 day' and e.created_at < ${to}
      union
      select e.id, e.coin_id, e.status, e.created_at, e.closed_at, false
      from epics e
      where e.account_id = ${w.accountId} and e.status not in (${TERMINAL})
    ),
    fill_groups as materialized (
      -- Per epic through its index (lateral): a short period reads only its own epics' fills, never the history.
      select s.id as epic_id, g.*
      from scope s cross join lateral (
        select f.side,
          case when f.filled_at < ${from} then -1 when f.filled_at >= ${to} then 1 else 0 end as bucket,
          case when f.filled_at >= ${from} and f.filled_at < ${to}
            then (f.filled_at at time zone ${tz})::date end as day,
          sum(f.price * f.size) as value, sum(f.size) as base, sum(f.fee) as fees, count(*) as fills
        from epic_fills f where f.epic_id = s.id
        group by 1, 2, 3
      ) g
    ),
    per_epic as materialized (
      select s.*,
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
    ended as materialized (
      select c.*, ${REALISED} as realised
      from costed c
    ),
    summary as (
      select coalesce(sum(realised), 0) as realised, coalesce(sum(capital_used), 0) as capital_used,
        count(*) filter (where status = 'closed') as closed,
        count(*) filter (where status = 'cancelled') as cancelled,
        count(*) filter (where status = 'liquidated') as liquidated,
        count(*) filter (where status = 'delisted') as delisted,
        count(*) filter (where sell_base > 0 and realised > 0) as wins,
        count(*) filter (where sell_base > 0 and realised <= 0) as losses,
        coalesce(sum(realised) filter (where status = 'closed'), 0) as closed_realised,
        round(extract(epoch from avg(closed_at - created_at) filter (where status = 'closed')))::bigint
          as average_close,
        round(extract(epoch from percentile_cont(0.5) within group (order by closed_at - created_at)
          filter (where status = 'closed')))::bigint as median_close
      from ended
    ),
    coin_rows as (
      select p.coin_id, c.symbol, count(*) as epics, coalesce(sum(e.realised), 0) as realised,
        sum(p.p_bought + p.p_sold) as volume, sum(p.p_fees) as fees
      from per_epic p join coins c on c.id = p.coin_id left join ended e on e.id = p.id
      where p.ended_in_period or p.p_fills > 0
      group by p.coin_id, c.symbol
    ),
    days as (
      select d::date as day from generate_series(
        (${from} at time zone ${tz})::date, ((${to} - interval '1 microsecond') at time zone ${tz})::date,
        interval '1 day') d
    ),
    deltas as (
      -- Capital goes to work as buys fill and leaves when the epic ends (docs/decisions/stats-figures.md).
      select day, sum(delta) as delta from (
        select day, value + fees as delta from fill_groups where side = 'buy' and bucket = 0
        union all
        select (closed_at at time zone ${tz})::date, -cost_until_to from ended
      ) x group by day
    ),
    pnl_days as (
      select (closed_at at time zone ${tz})::date as day, sum(realised) as realised from ended group by 1
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
    )
    select
      (select json_build_object(
        'realised', realised::text, 'capitalUsed', capital_used::text, 'closed', closed,
        'cancelled', cancelled, 'liquidated', liquidated, 'delisted', delisted, 'wins', wins,
        'losses', losses, 'closedRealised', closed_realised::text,
        'averageCloseSeconds', average_close, 'medianCloseSeconds', median_close) from summary) as summary,
      (select json_build_object(
        'bought', coalesce(sum(p_bought), 0)::text, 'sold', coalesce(sum(p_sold), 0)::text,
        'fees', coalesce(sum(p_fees), 0)::text) from per_epic) as totals,
      (select coalesce(json_agg(json_build_object(
        'coinId', coin_id, 'coinSymbol', symbol, 'epics', epics, 'realised', realised::text,
        'volume', volume::text, 'fees', fees::text) order by realised desc, symbol), '[]'::json)
        from coin_rows) as coins,
      (select ${epicJson('b')} from ended b join coins c on c.id = b.coin_id
        where b.sell_base > 0 order by b.realised desc, b.closed_at, b.id limit 1) as best,
      (select ${epicJson('w')} from ended w join coins c on c.id = w.coin_id
        where w.sell_base > 0 order by w.realised asc, w.closed_at, w.id limit 1) as worst,
      (select coalesce(json_agg(json_build_object(
        'date', day::text, 'realised', realised::text, 'capital', capital::text) order by day), '[]'::json)
        from daily) as daily,
      (select json_build_object('epics', epics, 'capital', capital::text,
        'marketValue', market_value::text, 'unrealised', unrealised::text) from running) as running
  `;
};

/** Decimal text with its trailing zeros dropped: the two statements may carry different scales of the same value. */
export const canonicalDecimals = (value: unknown): unknown => {
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) {
    const trimmed = value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
    return trimmed === '-0' ? '0' : trimmed;
  }
  if (Array.isArray(value)) return value.map(canonicalDecimals);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, canonicalDecimals(inner)]));
  return value;
};

/** A statement's rows, as plain records: test and bench code reading tables it wrote itself. */
export const rowsOf = async (db: Db, statement: SQL) =>
  z.object({ rows: z.array(z.record(z.string(), z.unknown())) }).parse(await db.execute(statement)).rows;
