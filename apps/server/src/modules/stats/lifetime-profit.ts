import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { CAPITAL_USED, REALISED, TERMINAL } from './stats.queries.ts';

/**
 * Lifetime realised profit: Σ realised P&L of every ended epic of the account, losses included, exact to the
 * cent. An ended epic's realised figure is read from its frozen summary (docs/decisions/stats-summaries.md, written
 * with the same CAPITAL_USED and REALISED when it ended); one without a summary is computed from its fills with those
 * definitions, so a missing summary costs speed, never a wrong rank. One row per ended epic instead of every fill.
 */
export const queryLifetimeRealisedProfit = async (db: Db, accountId: string): Promise<string> => {
  const result = await db.execute(sql`
    with summarised as (
      select coalesce(sum(s.realised), 0) as realised
      from epic_summaries s join epics e on e.id = s.epic_id
      where s.account_id = ${accountId} and e.status in (${TERMINAL})
    ),
    per_epic as (
      select e.status,
        coalesce(sum(f.price * f.size) filter (where f.side = 'buy'), 0) as buy_value,
        coalesce(sum(f.fee) filter (where f.side = 'buy'), 0) as buy_fees,
        coalesce(sum(f.size) filter (where f.side = 'buy'), 0) as buy_base,
        coalesce(sum(f.price * f.size) filter (where f.side = 'sell'), 0) as sell_value,
        coalesce(sum(f.fee) filter (where f.side = 'sell'), 0) as sell_fees,
        coalesce(sum(f.size) filter (where f.side = 'sell'), 0) as sell_base
      from epics e left join epic_fills f on f.epic_id = e.id
      where e.account_id = ${accountId} and e.status in (${TERMINAL})
        and not exists (select 1 from epic_summaries s where s.epic_id = e.id)
      group by e.id, e.status
    ),
    costed as (select p.*, ${CAPITAL_USED} as capital_used from per_epic p),
    unsummarised as (select coalesce(sum(${REALISED}), 0) as realised from costed)
    select ((select realised from summarised) + (select realised from unsummarised))::text as realised
  `);
  const parsed = z
    .object({ rows: z.array(z.object({ realised: z.string().regex(/^-?\d+(\.\d+)?$/) })).length(1) })
    .parse(result);
  const [row] = parsed.rows;
  if (!row) throw new Error('the lifetime profit statement returned no row');
  return row.realised;
};
