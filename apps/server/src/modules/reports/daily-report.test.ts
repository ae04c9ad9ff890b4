import { randomBytes } from 'node:crypto';
import { ZNotificationList, ZReportPreferences } from '@cdca/contracts';
import { manualClock } from '@cdca/engine/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/client.ts';
import { createNodemailerMailer } from '../../lib/mail/nodemailer-mailer.ts';
import { startSmtpTestServer } from '../../lib/mail/smtp-test-server.ts';
import { appForAllTests } from '../../testing/app-lifecycle.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testConfig } from '../../testing/test-config.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { newTrader, type Trader } from '../../testing/traders.ts';
import { insertCoin } from '../coins/testing/coins.fixture.ts';
import { closedEpic, dailyReportJob } from './testing/reports.fixture.ts';

const t = appForAllTests(() => buildTestApp());
let coin: { id: string; symbol: string };

beforeAll(async () => {
  coin = await insertCoin(t.db, 'RPTT-USD', '2000');
});

const trader = (name: string) => newTrader(t, `${name}-${crypto.randomUUID()}@example.test`, 'active');

const reportsOf = async (app: Pick<TestApp, 'as'>, who: Trader) => {
  const list = ZNotificationList.parse((await app.as(who).get('/api/v1/notifications')).json());
  return list.notifications.filter((notice) => notice.type === 'stats_report');
};

const setPreferences = async (who: Trader, body: object) => {
  const response = await t.as(who).patch(`/api/v1/settings/${who.account.id}/daily-report`, body);
  expect(response.statusCode).toBe(200);
  return ZReportPreferences.parse(response.json());
};

describe('the daily stats report', () => {
  it('goes out once at 09:00 UTC by default, not before, not again after a restart, live to its owner', async () => {
    const clock = manualClock('2026-06-15T08:59:00Z');
    const alice = await trader('report-once');
    await closedEpic(t.db, alice.account.id, coin, '2026-06-15T02:00:00Z', '2100');
    const job = dailyReportJob({ db: t.db, bus: t.bus, clock });

    await job.runNow();
    expect(await reportsOf(t, alice)).toHaveLength(0);

    clock.advanceMinutes(1);
    await job.runNow();
    await job.runNow();
    // A restarted process: a new job on the same database, later the same day.
    clock.advanceMinutes(300);
    await dailyReportJob({ db: t.db, bus: t.bus, clock }).runNow();

    const reports = await reportsOf(t, alice);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      message: 'Congrats! Your portfolio is up $98.00 in the last 24hrs!',
      reportProfits: '98.00',
      read: false,
    });
    const live = t.published.filter(
      (envelope) =>
        envelope.accountId === alice.account.id && envelope.message.routingKey === 'notification.created',
    );
    expect(live).toHaveLength(1);
  });

  it('comes again the next local day, counting only the 24 h before it', async () => {
    const clock = manualClock('2026-07-01T09:00:00Z');
    const bob = await trader('report-daily');
    await closedEpic(t.db, bob.account.id, coin, '2026-07-01T01:00:00Z', '2050');
    const job = dailyReportJob({ db: t.db, bus: t.bus, clock });
    await job.runNow();
    clock.advanceDays(1);
    await closedEpic(t.db, bob.account.id, coin, '2026-07-01T20:00:00Z', '2200');
    await job.runNow();
    const messages = (await reportsOf(t, bob)).map((notice) => notice.reportProfits);
    expect(messages.sort()).toEqual(['198.00', '48.00']);
  });

  it('is not sent when the last 24 h made nothing or lost, and the day stays decided', async () => {
    const clock = manualClock('2026-06-20T09:00:00Z');
    const carol = await trader('report-loss');
    const dave = await trader('report-flat');
    await closedEpic(t.db, carol.account.id, coin, '2026-06-20T03:00:00Z', '1990');
    await closedEpic(t.db, dave.account.id, coin, '2026-06-19T03:00:00Z', '2500'); // more than 24 h ago
    const job = dailyReportJob({ db: t.db, bus: t.bus, clock });
    await job.runNow();
    // A profit later that day does not bring a late report: the day was decided at 09:00.
    clock.advanceMinutes(60);
    await closedEpic(t.db, carol.account.id, coin, '2026-06-20T09:30:00Z', '2500');
    await job.runNow();
    expect(await reportsOf(t, carol)).toHaveLength(0);
    expect(await reportsOf(t, dave)).toHaveLength(0);
  });

  it('also goes by e-mail when SMTP is configured, once per day, with the same sentence and a link', async () => {
    const smtp = await startSmtpTestServer();
    const mailer = createNodemailerMailer({ smtpUrl: smtp.url, from: 'CDCA <reports@cdca.test>' });
    try {
      const clock = manualClock('2026-08-03T09:00:00Z');
      const frank = await trader('report-mail');
      await closedEpic(t.db, frank.account.id, coin, '2026-08-03T04:00:00Z', '2030');
      const job = dailyReportJob({ db: t.db, bus: t.bus, clock, sendMail: mailer.sendMail });
      await job.runNow();
      await job.runNow();
      const toFrank = () => smtp.received.filter((mail) => mail.to.includes(frank.account.email));
      await expect.poll(() => toFrank().length, { timeout: 30_000 }).toBe(1);
      const [mail] = toFrank();
      expect(mail?.raw).toContain('Subject: Your CDCA daily report');
      expect(mail?.raw).toContain('Congrats! Your portfolio is up $28.00 in the last 24hrs!');
      expect(mail?.raw).toContain('https://cdca.test/stats');
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('is not sent while its alert setting is off', async () => {
    const clock = manualClock('2026-06-22T09:00:00Z');
    const erin = await trader('report-off');
    expect(await setPreferences(erin, { statsReportAlerts: false })).toMatchObject({
      statsReportAlerts: false,
    });
    await closedEpic(t.db, erin.account.id, coin, '2026-06-22T03:00:00Z', '2100');
    await dailyReportJob({ db: t.db, bus: t.bus, clock }).runNow();
    expect(await reportsOf(t, erin)).toHaveLength(0);
  });

  it("respects the chosen time in the chosen zone, across the zone's daylight saving", async () => {
    const tokyo = await trader('report-tokyo');
    expect(await setPreferences(tokyo, { reportTime: '07:30', timeZone: 'Asia/Tokyo' })).toMatchObject({
      reportTime: '07:30',
      timeZone: 'Asia/Tokyo',
    });
    await closedEpic(t.db, tokyo.account.id, coin, '2026-06-14T20:00:00Z', '2100');
    // 07:30 in Tokyo (UTC+9) on 15 June is 22:30 UTC on the 14th.
    const clock = manualClock('2026-06-14T22:29:00Z');
    const job = dailyReportJob({ db: t.db, bus: t.bus, clock });
    await job.runNow();
    expect(await reportsOf(t, tokyo)).toHaveLength(0);
    clock.advanceMinutes(1);
    await job.runNow();
    expect(await reportsOf(t, tokyo)).toHaveLength(1);

    const newYork = await trader('report-new-york');
    await setPreferences(newYork, { timeZone: 'America/New_York' });
    await closedEpic(t.db, newYork.account.id, coin, '2026-01-15T10:00:00Z', '2100');
    await closedEpic(t.db, newYork.account.id, coin, '2026-07-15T10:00:00Z', '2100');
    // 09:00 in New York is 14:00 UTC in winter (EST) and 13:00 UTC in summer (EDT).
    for (const [before, at] of [
      ['2026-01-15T13:59:00Z', '2026-01-15T14:00:00Z'],
      ['2026-07-15T12:59:00Z', '2026-07-15T13:00:00Z'],
    ] as const) {
      const seasonal = manualClock(before);
      const seasonalJob = dailyReportJob({ db: t.db, bus: t.bus, clock: seasonal });
      const count = (await reportsOf(t, newYork)).length;
      await seasonalJob.runNow();
      expect(await reportsOf(t, newYork)).toHaveLength(count);
      seasonal.set(new Date(at));
      await seasonalJob.runNow();
      expect(await reportsOf(t, newYork)).toHaveLength(count + 1);
    }
  });
});

describe('the daily report preferences', () => {
  it('start at 09:00, alerts on, no zone chosen', async () => {
    const frank = await trader('prefs-default');
    const response = await t.as(frank).get(`/api/v1/settings/${frank.account.id}/daily-report`);
    expect(ZReportPreferences.parse(response.json())).toMatchObject({
      statsReportAlerts: true,
      reportTime: '09:00',
      timeZone: null,
    });
  });

  it.each([
    [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
    [{ reportTime: '25:00' }, 'reportTime'],
    [{ reportTime: '9:00' }, 'reportTime'],
    [{}, ''],
    [{ statsReportAlerts: 'yes' }, 'statsReportAlerts'],
  ])('refuse %o with 400 validation-failed', async (body, field) => {
    const gina = await trader('prefs-bad');
    const response = await t.as(gina).patch(`/api/v1/settings/${gina.account.id}/daily-report`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation-failed' });
    expect(response.json().message).toContain(field);
  });

  it("refuse another account's preferences with 403", async () => {
    const [henry, ida] = [await trader('prefs-henry'), await trader('prefs-ida')];
    for (const method of ['GET', 'PATCH'] as const) {
      const response = await t
        .as(henry)
        .request(method, `/api/v1/settings/${ida.account.id}/daily-report`, { reportTime: '10:00' });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  'the daily report on two app instances sharing one PostgreSQL',
  () => {
    it('both running the job send exactly one notice', async () => {
      const database = await createTestDatabase();
      if (!database.url) throw new Error('expected PostgreSQL');
      const secondPool = await openPostgres(database.url);
      const config = testConfig({ MASTER_KEY: randomBytes(32).toString('base64') });
      const apps: TestApp[] = [];
      try {
        for (const db of [database, secondPool]) apps.push(await buildTestApp({ config, database: db }));
        const [first, second] = apps;
        if (!first || !second) throw new Error('expected two apps');
        const jack = await newTrader(first, 'report-two-instances@example.test', 'active');
        const shared = await insertCoin(first.db, 'RPTT-USD', '2000');
        await closedEpic(first.db, jack.account.id, shared, '2026-06-15T03:00:00Z', '2100');
        const clock = manualClock('2026-06-15T09:00:00Z');
        const jobs = [first, second].map((app) => dailyReportJob({ db: app.db, bus: app.bus, clock }));
        await Promise.all(Array.from({ length: 8 }, (_, i) => jobs[i % 2]?.runNow()));
        expect(await reportsOf(first, jack)).toHaveLength(1);
        expect(await reportsOf(second, jack)).toHaveLength(1);
      } finally {
        for (const app of apps) await app.close();
        await secondPool.close();
        await database.close();
      }
    }, 60_000);
  },
);
