import { type Clock, money, systemClock } from '@cdca/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { SendMail } from '../../lib/mail/mailer.ts';
import type { NotificationRow } from '../notifications/notification-dto.ts';
import { claimReport, type DueReport, queryDueReports, recordQuietDays } from './daily-report.queries.ts';
import { statsReportMessage } from './stats-report-message.ts';

type Deps = {
  db: Db;
  clock: Clock;
  /** Publishes a stored notice to its owner (notification.created), as every other notice is delivered. */
  announce: (row: NotificationRow) => Promise<void>;
  /** The mail port: the report also goes by e-mail when SMTP_URL is set; the disabled mailer sends nothing. */
  sendMail?: SendMail;
  /** The app's address, for the e-mail's link to the stats screen. */
  publicUrl?: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** Accounts decided per statement; a pass repeats until fewer are due. */
  batch?: number;
};

export type DailyReportPass = { decided: number; sent: number };

/** Where the notice leads: the stats screen (docs/decisions/daily-report.md). */
const LINK = '/stats';

/**
 * The daily stats report (docs/decisions/daily-report.md): each pass finds the accounts due now in one statement,
 * records the quiet days in one insert and claims each positive day together with its notice, so the report goes
 * out once per account and local day however many processes run the job and however often they restart.
 */
export const createDailyReportJob = ({
  db,
  clock,
  announce,
  sendMail,
  publicUrl = '',
  log,
  intervalMs = 60_000,
  batch = 500,
}: Deps) => {
  let cancel: (() => void) | undefined;
  let running: Promise<DailyReportPass> | undefined;

  const sendReport = async (due: DueReport): Promise<boolean> => {
    const reportProfits = money(due.realised).toFixed(2);
    const row = await claimReport(db, due, {
      reportProfits,
      message: statsReportMessage(reportProfits),
      link: LINK,
    });
    if (!row) return false;
    await announce(row);
    mailReport(due, statsReportMessage(reportProfits));
    return true;
  };

  /**
   * After the claim, so a day is mailed at most once; a mail failure is logged and never undoes the notice
   * (docs/decisions/daily-report.md).
   */
  const mailReport = (due: DueReport, message: string) => {
    if (!sendMail) return;
    const text = `${message}\n\n—\nSee the figures at ${publicUrl}${LINK}\nTurn this report off in Settings → Notifications.`;
    sendMail({ to: due.email, subject: 'Your CDCA daily report', text }).catch((error: unknown) =>
      log.warn({ err: error, accountId: due.accountId }, 'daily report e-mail failed'),
    );
  };

  const pass = async (): Promise<DailyReportPass> => {
    const now = clock.now();
    const result = { decided: 0, sent: 0 };
    for (;;) {
      const due = await queryDueReports(db, now, batch);
      const up = (report: DueReport) => money(report.realised).gt(0);
      await recordQuietDays(
        db,
        due.filter((report) => !up(report)),
      );
      for (const report of due.filter(up)) {
        if (await sendReport(report)) result.sent += 1;
      }
      result.decided += due.length;
      if (due.length < batch) return result;
    }
  };

  /** One pass at the clock's now; waits for a pass in progress first, so a moved clock is seen. */
  const runNow = async (): Promise<DailyReportPass> => {
    while (running) await running.catch(() => undefined);
    const current = pass();
    running = current.finally(() => {
      running = undefined;
    });
    return current;
  };

  const runInBackground = () => {
    if (running) return;
    runNow().catch((error: unknown) => log.error({ err: error }, 'daily report: pass failed'));
  };

  return {
    runNow,
    start: async () => {
      cancel = (clock.schedule ?? systemClock.schedule)?.(intervalMs, runInBackground);
      runInBackground();
    },
    stop: async () => {
      cancel?.();
      await running?.catch(() => undefined);
    },
  };
};

export type DailyReportJob = ReturnType<typeof createDailyReportJob>;
