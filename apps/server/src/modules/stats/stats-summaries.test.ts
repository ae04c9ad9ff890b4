import { readFileSync } from 'node:fs';
import type { TEpicStatus } from '@cdca/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { insertCoin } from '../coins/testing/coins.fixture.ts';
import { retractEpicSummary, writeEpicSummary } from './epic-summaries.ts';
import { type StatsWindow, statsReportStatement } from './stats.queries.ts';
import {
  canonicalDecimals as canonical,
  reportFromFillsStatement,
  rowsOf,
} from './testing/report-from-fills.ts';
import { type FillSpec, insertAccount, insertEpic } from './testing/stats-fixtures.ts';

/**
 * The report read from frozen summaries (stats.queries.ts) must equal, figure for figure, the report computed from
 * every fill (testing/report-from-fills.ts, the statement the summaries replaced): docs/decisions/stats-summaries.md.
 * A seeded book of ~150 epics is read through many windows and zones, chosen so that epics straddle every edge.
 */
const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A small deterministic generator, so a failure reproduces. */
const seeded = (seed: number) => {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
};

let database: Database;
let db: Db;
let accountId: string;
let noSummaryId: string;
let lateFillEpicId: string;

const reportOf = async (statement: SQL) => canonical((await rowsOf(db, statement))[0]);

const bothWays = async (window: StatsWindow) => ({
  summaries: await reportOf(statsReportStatement(window)),
  fills: await reportOf(reportFromFillsStatement(window)),
});

/** One epic's fills: buys spread over its life, then (unless it kept everything) a sell at its end. */
const fillsFor = (random: () => number, createdAt: number, endAt: number, sell: 'all' | 'part' | 'none') => {
  const fills: FillSpec[] = [];
  const buys = 1 + Math.floor(random() * 4);
  let held = 0;
  for (let i = 0; i < buys; i++) {
    const size = (0.1 + Math.floor(random() * 900) / 1000).toFixed(3);
    held += Number(size);
    fills.push({
      side: 'buy',
      at: new Date(createdAt + Math.floor(random() * (endAt - createdAt))).toISOString(),
      price: (80 + random() * 40).toFixed(4),
      size,
      fee: (random() * 0.9).toFixed(6),
    });
  }
  if (sell !== 'none') {
    fills.push({
      side: 'sell',
      at: new Date(endAt).toISOString(),
      price: (70 + random() * 60).toFixed(4),
      size: (sell === 'all' ? held : held / 3).toFixed(3),
      fee: (random() * 0.9).toFixed(6),
    });
  }
  return fills;
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const random = seeded(20_260_615);
  const trader = await insertAccount(db, 'summaries-trader');
  const other = await insertAccount(db, 'summaries-other');
  accountId = trader.id;
  const coins = [
    await insertCoin(db, 'SUMA-USD', '101.5'),
    await insertCoin(db, 'SUMB-USD', '95'),
    await insertCoin(db, 'SUMC-USD', '120.25'),
  ];
  const endings: TEpicStatus[] = ['closed', 'closed', 'closed', 'cancelled', 'liquidated', 'delisted'];
  const ids: string[] = [];
  for (let i = 0; i < 140; i++) {
    const coin = coins[i % coins.length] ?? coins[0];
    if (!coin) throw new Error('no coin');
    // Ends spread over 40 days before now, some on exact quarter hours and local midnights, lives of 1 h to 6 days.
    const exact = i % 7 === 0;
    const endAt = exact
      ? NOW - Math.floor(random() * 40 * 96) * 900_000
      : NOW - Math.floor(random() * 40 * DAY) - Math.floor(random() * 1000);
    const createdAt = endAt - HOUR - Math.floor(random() * 6 * DAY);
    const status = endings[i % endings.length] ?? 'closed';
    const sell = status === 'cancelled' ? (['part', 'none'] as const)[i % 2] : 'all';
    const fills =
      status === 'cancelled' && i % 4 === 3 ? [] : fillsFor(random, createdAt, endAt, sell ?? 'none');
    // A fill the venue timed a little after the end (its clock ahead of ours).
    if (i % 11 === 5 && fills[0]) fills.push({ ...fills[0], at: new Date(endAt + 40_000).toISOString() });
    const row = await insertEpic(db, {
      accountId: trader.id,
      coin,
      status,
      createdAt: new Date(createdAt).toISOString(),
      closedAt: new Date(endAt).toISOString(),
      fills,
    });
    ids.push(row.id);
  }
  for (let i = 0; i < 6; i++) {
    const coin = coins[i % coins.length] ?? coins[0];
    if (!coin) throw new Error('no coin');
    const createdAt = NOW - Math.floor(random() * 20 * DAY);
    await insertEpic(db, {
      accountId: trader.id,
      coin,
      status: i === 5 ? 'pending' : 'active',
      createdAt: new Date(createdAt).toISOString(),
      fills: i === 5 ? [] : fillsFor(random, createdAt, NOW - HOUR, 'none'),
    });
  }
  const coin = coins[0];
  if (!coin) throw new Error('no coin');
  await insertEpic(db, {
    accountId: other.id,
    coin,
    status: 'closed',
    createdAt: new Date(NOW - 5 * DAY).toISOString(),
    closedAt: new Date(NOW - 2 * DAY).toISOString(),
    fills: fillsFor(random, NOW - 5 * DAY, NOW - 2 * DAY, 'all'),
  });
  // An ended epic whose summary is missing is read from its fills.
  noSummaryId = ids[3] ?? '';
  await retractEpicSummary(db, noSummaryId, '');
  lateFillEpicId = ids[8] ?? '';
});
afterAll(() => database.close());

const ZONES = [
  'UTC',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
];

const windows = (): Array<[string, { from: Date; to: Date }]> => [
  ['24h', { from: new Date(NOW - DAY), to: new Date(NOW) }],
  ['7d', { from: new Date(NOW - 7 * DAY), to: new Date(NOW) }],
  ['30d', { from: new Date(NOW - 30 * DAY), to: new Date(NOW) }],
  ['all', { from: new Date(NOW - 60 * DAY), to: new Date(NOW) }],
  ['odd edges', { from: new Date(NOW - 9 * DAY - 437_123), to: new Date(NOW - 2 * DAY + 181_007) }],
  ['in the past', { from: new Date(NOW - 25 * DAY + 900_000), to: new Date(NOW - 11 * DAY - 1) }],
  ['under a quarter hour', { from: new Date(NOW - 3 * DAY + 60_000), to: new Date(NOW - 3 * DAY + 600_000) }],
];

describe('the stats report from frozen summaries', () => {
  it.each(ZONES)('equals the report from every fill, for every window, in %s', async (timeZone) => {
    for (const [name, window] of windows()) {
      const { summaries, fills } = await bothWays({ accountId, timeZone, ...window });
      expect(summaries, name).toEqual(fills);
    }
  });

  it('still equals it after a fill arrives for an epic that had already ended', async () => {
    const [epic] = await rowsOf(
      db,
      sql`select closed_at as "closedAt" from epics where id = ${lateFillEpicId}`,
    );
    const tradeId = `${lateFillEpicId}-late`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into epic_fills (trade_id, epic_id, client_order_id, exchange_order_id, side, price, size, fee,
          liquidity, filled_at)
        values (${tradeId}, ${lateFillEpicId}, 'late', 'late-x', 'buy', '99.5', '0.25', '0.1',
          'taker', ${String(epic?.closedAt)}::timestamptz - interval '5 minutes')`);
      await retractEpicSummary(tx, lateFillEpicId, tradeId);
      await writeEpicSummary(tx, lateFillEpicId);
    });
    for (const timeZone of ['UTC', 'Asia/Kolkata']) {
      for (const [name, window] of windows()) {
        const { summaries, fills } = await bothWays({ accountId, timeZone, ...window });
        expect(summaries, name).toEqual(fills);
      }
    }
  });

  it('writes a summary once: a second write of the same ending changes nothing', async () => {
    const days = sql`select * from epic_buy_days order by account_id, day`;
    const before = await rowsOf(db, days);
    const [ended] = await rowsOf(
      db,
      sql`select epic_id as "epicId" from epic_summaries where account_id = ${accountId} limit 1`,
    );
    expect(await writeEpicSummary(db, String(ended?.epicId))).toBe(false);
    expect(await rowsOf(db, days)).toEqual(before);
  });

  it('the migration backfill writes exactly what the ending writes', async () => {
    const summaries = sql`select * from epic_summaries order by epic_id`;
    const days = sql`select account_id, day::text, before::text from epic_buy_days order by account_id, day`;
    await writeEpicSummary(db, noSummaryId);
    const written = { summaries: await rowsOf(db, summaries), days: await rowsOf(db, days) };
    await db.execute(sql`delete from epic_summaries`);
    await db.execute(sql`delete from epic_buy_days`);
    const migration = readFileSync(
      new URL('../../../drizzle/0019_epic-summaries.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(--[^\n]*\n\s*)*(INSERT|WITH)/.test(statement));
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    const canonicalDays = (rows: Record<string, unknown>[]) =>
      rows.map((row) => ({ ...row, before: String(row.before).replace(/\.?0+(?=[,}])/g, '') }));
    expect(await rowsOf(db, summaries)).toEqual(written.summaries);
    expect(canonicalDays(await rowsOf(db, days))).toEqual(canonicalDays(written.days));
  });
});
