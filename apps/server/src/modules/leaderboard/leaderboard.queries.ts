import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { CAPITAL_USED, REALISED, TERMINAL } from '../stats/stats.queries.ts';

const numeric = z.string().regex(/^-?\d+(\.\d+)?$/);
const count = z.union([z.number().int(), numeric.transform(Number)]);

const ZRow = z.object({
  accountId: z.string(),
  displayName: z.string().nullable(),
  showDollars: z.boolean(),
  realised: numeric,
  returnPct: numeric,
  epics: count,
  position: count,
  ranked: count,
});
export type LeaderboardRow = z.infer<typeof ZRow>;

/**
 * The leaderboard in ONE statement: the opted-in accounts' epics ended in [from, to), each by the stats report's
 * per-epic definition (CAPITAL_USED, REALISED; docs/decisions/stats-figures.md), summed per account into realised
 * P&L / capital used, ranked with ties sharing a position; the first `limit` rows and the caller's own row.
 * Accounts that used no capital in the window have no return and are not ranked.
 */
export const queryLeaderboard = async (
  db: Db,
  w: { from: Date; to: Date; callerId: string; limit: number },
): Promise<LeaderboardRow[]> => {
  const from = sql`${w.from.toISOString()}::timestamptz`;
  const to = sql`${w.to.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with board as materialized (
      select lp.account_id, lp.display_name, lp.show_dollars
      from leaderboard_preferences lp join accounts a on a.id = lp.account_id
      where lp.opted_in and a.status <> 'deleted'
    ),
    per_epic as (
      select b.account_id, e.status,
        coalesce(sum(f.price * f.size) filter (where f.side = 'buy'), 0) as buy_value,
        coalesce(sum(f.fee) filter (where f.side = 'buy'), 0) as buy_fees,
        coalesce(sum(f.size) filter (where f.side = 'buy'), 0) as buy_base,
        coalesce(sum(f.price * f.size) filter (where f.side = 'sell'), 0) as sell_value,
        coalesce(sum(f.fee) filter (where f.side = 'sell'), 0) as sell_fees,
        coalesce(sum(f.size) filter (where f.side = 'sell'), 0) as sell_base
      from board b
        join epics e on e.account_id = b.account_id and e.status in (${TERMINAL})
          and e.closed_at >= ${from} and e.closed_at < ${to}
        left join epic_fills f on f.epic_id = e.id
      group by b.account_id, e.id, e.status
    ),
    costed as (select p.*, ${CAPITAL_USED} as capital_used from per_epic p),
    ended as (select account_id, capital_used, ${REALISED} as realised from costed),
    totals as (
      select account_id, sum(realised) as realised, count(*) as epics,
        round(sum(realised) * 100 / sum(capital_used), 2) as return_pct
      from ended group by account_id having sum(capital_used) > 0
    ),
    ordered as (
      select b.account_id, b.display_name, b.show_dollars, t.realised, t.return_pct, t.epics,
        rank() over (order by t.return_pct desc) as position,
        row_number() over (order by t.return_pct desc, t.account_id) as n,
        count(*) over () as ranked
      from totals t join board b on b.account_id = t.account_id
    )
    select account_id as "accountId", display_name as "displayName", show_dollars as "showDollars",
      realised::text as realised, return_pct::text as "returnPct", epics, position, ranked
    from ordered
    where n <= ${w.limit} or account_id = ${w.callerId}
    order by n
  `);
  return z.object({ rows: z.array(ZRow) }).parse(result).rows;
};
