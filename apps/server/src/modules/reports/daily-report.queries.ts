import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { NotificationRow } from '../notifications/notification-dto.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { CAPITAL_USED, REALISED, TERMINAL } from '../stats/stats.queries.ts';
import { dailyReports } from './reports.schema.ts';

const DAY_MS = 86_400_000;

/** An account whose report time has come today (in its zone) and whose day is not decided yet. */
export type DueReport = {
  accountId: string;
  /** Where the report is e-mailed when SMTP is configured. */
  email: string;
  timeZone: string;
  localDate: string;
  realised: string;
};

const ZDue = z.object({
  rows: z.array(
    z.object({
      accountId: z.string(),
      email: z.string(),
      timeZone: z.string(),
      localDate: z.string(),
      realised: z.string().regex(/^-?\d+(\.\d+)?$/),
    }),
  ),
});

/**
 * ONE statement for a pass: the accounts due now (alerts on, local time at or past their report time, today's
 * local date not decided) with their realised P&L over the 24 h before `now` — the stats report's `realisedPnl`
 * for period=24h, by the same per-epic definition (CAPITAL_USED, REALISED; docs/decisions/stats-figures.md).
 * No row in report_preferences means the defaults: on, 09:00, UTC (docs/decisions/daily-report.md).
 */
export const queryDueReports = async (db: Db, now: Date, limit: number): Promise<DueReport[]> => {
  const at = sql`${now.toISOString()}::timestamptz`;
  const since = sql`${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with due as materialized (
      select a.id as account_id, a.email, z.tz, (${at} at time zone z.tz)::date as local_date
      from accounts a
        left join report_preferences p on p.account_id = a.id
        cross join lateral (select coalesce(p.time_zone, 'UTC') as tz) z
      where a.status = 'active'
        and coalesce(p.stats_report_alerts, true)
        and (${at} at time zone z.tz)::time >= coalesce(p.report_time, time '09:00')
        and not exists (
          select 1 from daily_reports d
          where d.account_id = a.id and d.local_date = (${at} at time zone z.tz)::date
        )
      order by a.id
      limit ${limit}
    ),
    per_epic as (
      select e.account_id, e.status,
        coalesce(sum(f.price * f.size) filter (where f.side = 'buy'), 0) as buy_value,
        coalesce(sum(f.fee) filter (where f.side = 'buy'), 0) as buy_fees,
        coalesce(sum(f.size) filter (where f.side = 'buy'), 0) as buy_base,
        coalesce(sum(f.price * f.size) filter (where f.side = 'sell'), 0) as sell_value,
        coalesce(sum(f.fee) filter (where f.side = 'sell'), 0) as sell_fees,
        coalesce(sum(f.size) filter (where f.side = 'sell'), 0) as sell_base
      from due
        join epics e on e.account_id = due.account_id and e.status in (${TERMINAL})
          and e.closed_at >= ${since} and e.closed_at < ${at}
        left join epic_fills f on f.epic_id = e.id
      group by e.id, e.account_id, e.status
    ),
    costed as (select p.*, ${CAPITAL_USED} as capital_used from per_epic p),
    ended as (select account_id, ${REALISED} as realised from costed)
    select due.account_id as "accountId", due.email, due.tz as "timeZone", due.local_date::text as "localDate",
      coalesce(sum(ended.realised), 0)::text as realised
    from due left join ended on ended.account_id = due.account_id
    group by due.account_id, due.email, due.tz, due.local_date
  `);
  return ZDue.parse(result).rows;
};

/** The days of accounts with nothing to congratulate, decided in one insert (a racing process's rows win). */
export const recordQuietDays = async (db: Db, quiet: DueReport[]): Promise<void> => {
  if (quiet.length === 0) return;
  await db
    .insert(dailyReports)
    .values(
      quiet.map(({ accountId, localDate, timeZone, realised }) => ({
        accountId,
        localDate,
        timeZone,
        realised,
      })),
    )
    .onConflictDoNothing();
};

/**
 * Claims the account's local day and stores its notice in ONE statement: the notice is inserted only from the
 * claimed row, so of two processes racing for the same day exactly one writes it, and a crash leaves either both
 * rows or neither (docs/decisions/daily-report.md). Undefined when another process had already claimed the day.
 */
export const claimReport = async (
  db: Db,
  due: DueReport,
  payload: { reportProfits: string; message: string; link: string },
): Promise<NotificationRow | undefined> => {
  const notificationId = crypto.randomUUID();
  const result = await db.execute(sql`
    with claimed as (
      insert into daily_reports (account_id, local_date, time_zone, realised, notification_id)
      values (${due.accountId}, ${due.localDate}::date, ${due.timeZone}, ${due.realised}::numeric, ${notificationId})
      on conflict do nothing
      returning account_id, notification_id
    )
    insert into notifications (id, account_id, type, payload)
    select notification_id, account_id, 'stats_report', ${JSON.stringify(payload)}::jsonb from claimed
    returning id
  `);
  const [row] = z.object({ rows: z.array(z.object({ id: z.string() })) }).parse(result).rows;
  if (!row) return undefined;
  const [stored] = await db.select().from(notifications).where(sql`${notifications.id} = ${row.id}`);
  return stored;
};
