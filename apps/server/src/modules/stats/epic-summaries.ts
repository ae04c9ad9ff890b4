import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { CAPITAL_USED, REALISED, TERMINAL } from './stats.queries.ts';

/** The database or an open transaction: the engine writes summaries inside the transaction that ends the epic. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

const ZEpicIds = z.object({ rows: z.array(z.object({ epicId: z.string() })) });

/**
 * The summary rows of the ended epics `which` selects (alias e), from their fills, with the same per-epic
 * definitions as the report (CAPITAL_USED, REALISED). A row already there is left as it is: an ending is frozen
 * once (docs/decisions/stats-summaries.md). Migration 0019 backfills with this statement written out.
 */
export const summariseStatement = (which: SQL) => sql`
  insert into epic_summaries (epic_id, account_id, coin_id, status, opened_at, closed_at, bought, buy_fees,
    buy_base, sold, sell_fees, sell_base, capital_used, realised, fills, first_fill_at, last_fill_at)
  select id, account_id, coin_id, status, created_at, closed_at, buy_value, buy_fees, buy_base, sell_value,
    sell_fees, sell_base, capital_used, ${REALISED}, fills, first_fill_at, last_fill_at
  from (
    select p.*, ${CAPITAL_USED} as capital_used
    from (
      select e.id, e.account_id, e.coin_id, e.status, e.created_at, e.closed_at,
        coalesce(sum(f.price * f.size) filter (where f.side = 'buy'), 0) as buy_value,
        coalesce(sum(f.fee) filter (where f.side = 'buy'), 0) as buy_fees,
        coalesce(sum(f.size) filter (where f.side = 'buy'), 0) as buy_base,
        coalesce(sum(f.price * f.size) filter (where f.side = 'sell'), 0) as sell_value,
        coalesce(sum(f.fee) filter (where f.side = 'sell'), 0) as sell_fees,
        coalesce(sum(f.size) filter (where f.side = 'sell'), 0) as sell_base,
        count(f.trade_id)::int as fills, min(f.filled_at) as first_fill_at, max(f.filled_at) as last_fill_at
      from epics e left join epic_fills f on f.epic_id = e.id
      where ${which} and e.status in (${TERMINAL}) and e.closed_at is not null
      group by e.id
    ) p
  ) c
  on conflict (epic_id) do nothing
  returning epic_id as "epicId"
`;

/**
 * Adds (sign 1) or takes back (sign -1) the buys of the epics `which` selects (alias e) to the per-day quarter-hour
 * running sums of epic_buy_days. Only buys up to the epic's end: the report takes a summary whole only when no
 * fill came later (stats.queries.ts). `except` leaves out a fill booked in the same transaction.
 */
export const buyDaysStatement = (which: SQL, sign: 1 | -1, except: string | null = null) => sql`
  with buys as (
    select e.account_id, (f.filled_at at time zone 'UTC')::date as day,
      floor(extract(epoch from (f.filled_at at time zone 'UTC')::time) / 900)::int as quarter,
      sum(f.price * f.size + f.fee) as cost
    from epics e join epic_fills f on f.epic_id = e.id
    where ${which} and f.side = 'buy' and f.filled_at <= e.closed_at
      and f.trade_id is distinct from ${except}::text
    group by 1, 2, 3
  ),
  grid as (
    select d.account_id, d.day, q.k,
      sum(coalesce(b.cost, 0)) over (partition by d.account_id, d.day order by q.k) as upto
    from (select distinct account_id, day from buys) d cross join generate_series(0, 95) q(k)
    left join buys b on b.account_id = d.account_id and b.day = d.day and b.quarter = q.k
  )
  insert into epic_buy_days (account_id, day, before)
  select account_id, day, array[0::numeric] || array_agg(upto * ${sign}::int order by k) from grid
  group by account_id, day
  -- Rows locked in one order, so two endings of the same account never wait on each other in a circle.
  order by account_id, day
  on conflict (account_id, day) do update set before = array(
    select x + y from unnest(epic_buy_days.before, excluded.before) with ordinality as u(x, y, i) order by i)
`;

/**
 * Freezes one ended epic's figures, in the caller's transaction (the one that moved it into history). Idempotent:
 * the epic id is the key, and its buys join the day sums only when this call wrote the row.
 */
export const writeEpicSummary = async (tx: Tx, epicId: string) => {
  const written = ZEpicIds.parse(await tx.execute(summariseStatement(sql`e.id = ${epicId}`)));
  if (written.rows.length === 0) return false;
  await tx.execute(buyDaysStatement(sql`e.id = ${epicId}`, 1));
  return true;
};

/**
 * Takes an ended epic's summary back before a fill booked after its end (`tradeId`, already inserted) is summarised
 * with it: the venue decides when a fill arrives, not the epic's state. Rare; never leaves the day sums counting a
 * buy twice.
 */
export const retractEpicSummary = async (tx: Tx, epicId: string, tradeId: string) => {
  const removed = ZEpicIds.parse(
    await tx.execute(sql`delete from epic_summaries where epic_id = ${epicId} returning epic_id as "epicId"`),
  );
  if (removed.rows.length === 0) return;
  await tx.execute(buyDaysStatement(sql`e.id = ${epicId}`, -1, tradeId));
};
