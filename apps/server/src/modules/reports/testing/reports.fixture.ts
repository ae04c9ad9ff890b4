import type { Clock } from '@cdca/engine';
import { pino } from 'pino';
import type { Db } from '../../../db/client.ts';
import type { SendMail } from '../../../lib/mail/mailer.ts';
import type { EventBus } from '../../../realtime/event-bus.ts';
import { createNotificationsService } from '../../notifications/notifications.service.ts';
import { insertEpic } from '../../stats/testing/stats-fixtures.ts';
import { createDailyReportJob } from '../daily-report-job.ts';

/**
 * The job as the app builds it (services.ts), on the test's database and a clock the test moves: the app's own
 * instance runs on the wall clock, so a test drives its own passes with `runNow`.
 */
export const dailyReportJob = (deps: { db: Db; bus: EventBus; clock: Clock; sendMail?: SendMail }) =>
  createDailyReportJob({
    db: deps.db,
    clock: deps.clock,
    announce: createNotificationsService({ db: deps.db, bus: deps.bus }).announce,
    sendMail: deps.sendMail,
    publicUrl: 'https://cdca.test',
    log: pino({ level: 'silent' }),
  });

/** One closed epic: bought 1 at 2000 and sold 1 at `sell` an hour later, $1 fee each way. */
export const closedEpic = (
  db: Db,
  accountId: string,
  coin: { id: string; symbol: string },
  closedAt: string,
  sell: string,
) => {
  const boughtAt = new Date(Date.parse(closedAt) - 3_600_000).toISOString();
  return insertEpic(db, {
    accountId,
    coin,
    status: 'closed',
    createdAt: boughtAt,
    closedAt,
    fills: [
      { side: 'buy', at: boughtAt, price: '2000', size: '1', fee: '1' },
      { side: 'sell', at: closedAt, price: sell, size: '1', fee: '1' },
    ],
  });
};
