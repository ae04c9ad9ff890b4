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

const epicJson = (alias: string) =>
  sql.raw(`json_build_object(
    'epicId', ${alias}.id, 'coinId', ${alias}.coin_id, 'coinSymbol', c.symbol, 'status', ${alias}.status,
    'realised', ${alias}.realised::text, 'capitalUsed', ${alias}.capital_used::text,
    'closedAt', to_char(${alias}.closed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`);

/**
 * The whole report in ONE statement: the account's fills are read once (grouped per epic, side, day and whether
 * they fall before, in or after the period) and every figure is aggregated from that in the database. Formulas
 * and rounding: docs/decisions/stats-figures.md.
 */
export const statsReportStatement = (w: StatsWindow) => {
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

export const queryStatsReport = async (db: Db, w: StatsWindow): Promise<RawStatsReport> => {
  const result = await db.execute(statsReportStatement(w));
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
