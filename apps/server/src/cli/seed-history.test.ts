import { ZStatsReport } from '@cdca/contracts';
import { money } from '@cdca/engine';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { epics } from '../modules/epics/epics.schema.ts';
import { appForAllTests } from '../testing/app-lifecycle.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { testConfig } from '../testing/test-config.ts';
import { newTrader } from '../testing/traders.ts';
import { seedHistory } from './seed-history.ts';
import { parseEpicCount, seedHistoryCommand } from './seed-history-command.ts';

const t = appForAllTests(() => buildTestApp());

describe('seed-history', () => {
  it('writes ended epics whose stats agree with the engine figures stored on each epic', async () => {
    const trader = await newTrader(t, 'seeded@example.test', 'active');
    const seeded = await seedHistory(t.db, { accountId: trader.account.id, count: 12, seed: 42 });
    expect(seeded).toHaveLength(12);
    const oldest = Date.now() - 90 * 86_400_000;
    expect(
      seeded.every((epic) => epic.closedAt.getTime() > oldest && epic.closedAt.getTime() < Date.now()),
    ).toBe(true);

    const response = await t.as(trader).get('/api/v1/stats?period=90d');
    expect(response.statusCode).toBe(200);
    const report = ZStatsReport.parse(response.json());
    expect(report.epics.closed).toBe(12);
    const seededSum = seeded.reduce((sum, epic) => sum.plus(epic.profit), money(0));
    expect(report.realisedPnl).toBe(seededSum.toFixed(2));
    expect(seededSum.gt(0)).toBe(true);

    // Each epic's stored profit is what the stats compute from its fills (best and worst are single epics).
    const stored = await t.db.select().from(epics).where(eq(epics.accountId, trader.account.id));
    const profitOf = new Map(stored.map((row) => [row.id, row.profitsDollarAmount]));
    for (const pick of [report.best, report.worst]) {
      expect(pick && money(profitOf.get(pick.epicId) ?? 'NaN').toFixed(2)).toBe(pick?.realisedPnl);
    }
    expect(new Set(stored.map((row) => row.productId)).size).toBeGreaterThan(1);
  });

  it('is refused when APP_ENV is production, before any database is opened', async () => {
    const lines: string[] = [];
    const print = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
    const config = testConfig({ APP_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(await seedHistoryCommand(config, print, 'seeded@example.test', '5')).toBe(1);
    expect(lines.join('\n')).toMatch(/refused when APP_ENV=production/);
  });

  it.each([
    [undefined, 24],
    ['5', 5],
    ['0', undefined],
    ['abc', undefined],
    ['501', undefined],
  ])('reads the epic count %s as %s', (value, count) => {
    expect(parseEpicCount(value)).toBe(count);
  });
});
