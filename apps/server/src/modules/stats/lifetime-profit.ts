import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { CAPITAL_USED, REALISED, TERMINAL } from './stats.queries.ts';

/**
 * Lifetime realised profit: Σ realised P&L of every ended epic of the account, losses included, exact to the
 * cent. The same per-epic definition as the report (CAPITAL_USED, REALISED), without its period and its other
 * figures, so the rank can be recomputed after each ended epic at the cost of one grouped read of its fills.
 */
export const queryLifetimeRealisedProfit = async (db: Db, accountId: string): Promise<string> => {
  const result = await db.execute(sql`
    with per_epic as (
      select e.status,
        coalesce(sum(f.price * f.size) filter (where f.side = 'buy'), 0) as buy_value,
        coalesce(sum(f.fee) filter (where f.side = 'buy'), 0) as buy_fees,
        coalesce(sum(f.size) filter (where f.side = 'buy'), 0) as buy_base,
        coalesce(sum(f.price * f.size) filter (where f.side = 'sell'), 0) as sell_value,
        coalesce(sum(f.fee) filter (where f.side = 'sell'), 0) as sell_fees,
        coalesce(sum(f.size) filter (where f.side = 'sell'), 0) as sell_base
      from epics e left join epic_fills f on f.epic_id = e.id
      where e.account_id = ${accountId} and e.status in (${TERMINAL})
      group by e.id, e.status
    ),
    costed as (select p.*, ${CAPITAL_USED} as capital_used from per_epic p),
    ended as (select ${REALISED} as realised from costed)
    select coalesce(sum(realised), 0)::text as realised from ended
  `);
  const parsed = z
    .object({ rows: z.array(z.object({ realised: z.string().regex(/^-?\d+(\.\d+)?$/) })).length(1) })
    .parse(result);
  const [row] = parsed.rows;
  if (!row) throw new Error('the lifetime profit statement returned no row');
  return row.realised;
};
