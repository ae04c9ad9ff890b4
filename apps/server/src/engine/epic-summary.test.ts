import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { writeEpicSummary } from '../modules/stats/epic-summaries.ts';
import { rowsOf } from '../modules/stats/testing/report-from-fills.ts';
import { drive, epicRow, threeLevelsBelow } from './testing/engine-assertions.ts';
import { engineFor, epicOnSolAt100, epicsTestAppPerTest } from './testing/engine-test-kit.ts';

const t = epicsTestAppPerTest();

/** The epic's summary rows, and what its fills say the same figures are. */
const summaryAndFills = async (id: string) => {
  const summaries = await rowsOf(
    t.database.db,
    sql`
    select status, bought::text, sold::text, (buy_fees + sell_fees)::text as fees, realised::text,
      fills, closed_at = (select closed_at from epics where id = ${id}) as "closedWithEpic"
    from epic_summaries where epic_id = ${id}`,
  );
  const [fills] = await rowsOf(
    t.database.db,
    sql`
      select coalesce(sum(price * size) filter (where side = 'buy'), 0)::text as bought,
        coalesce(sum(price * size) filter (where side = 'sell'), 0)::text as sold,
        coalesce(sum(fee), 0)::text as fees, count(*)::int as fills
      from epic_fills where epic_id = ${id}`,
  );
  return { summaries, fills };
};

describe('engine: an ended epic is summarised once, in the transaction that ends it', () => {
  it('closed by its take-profit: one summary, equal to its fills and to the epic’s own profit', async () => {
    const { store, id } = await epicOnSolAt100(t);
    const engine = engineFor(t, store.keys);
    await drive(engine, t.paper, 'SOL-USD', ['98.00', '94.00', '90.00', '89.00', '95.00', '105.00']);
    await drive(engine, t.paper, 'SOL-USD', ['105.00', '106.00']);
    const row = await epicRow(t, id);
    expect(row?.status).toBe('closed');
    const { summaries, fills } = await summaryAndFills(id);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ status: 'closed', closedWithEpic: true, fills: fills?.fills });
    expect(Number(summaries[0]?.bought)).toBe(Number(fills?.bought));
    expect(Number(summaries[0]?.sold)).toBe(Number(fills?.sold));
    expect(Number(summaries[0]?.fees)).toBe(Number(fills?.fees));
    expect(Number(summaries[0]?.realised)).toBe(Number(row?.profitsDollarAmount));
    expect(await writeEpicSummary(t.database.db, id)).toBe(false);
    expect((await summaryAndFills(id)).summaries).toEqual(summaries);
    await engine.stop();
  });

  it.each([
    ['cancel', 'cancelled'],
    ['liquidate', 'liquidated'],
  ] as const)('%s after two of three buys: one summary, equal to its fills', async (action, status) => {
    const { store, trader, id } = await epicOnSolAt100(t, threeLevelsBelow());
    const engine = engineFor(t, store.keys);
    await drive(engine, t.paper, 'SOL-USD', ['100.00', '94.00']);
    const asked = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/epics/${id}`,
      headers: trader.headers,
      payload: { action },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await drive(engine, t.paper, 'SOL-USD', ['94.00', '94.00']);
    const row = await epicRow(t, id);
    expect(row?.status).toBe(status);
    const { summaries, fills } = await summaryAndFills(id);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ status, closedWithEpic: true, fills: fills?.fills });
    expect(Number(summaries[0]?.bought)).toBe(Number(fills?.bought));
    expect(Number(summaries[0]?.sold)).toBe(Number(fills?.sold));
    // A liquidation ends on its last sell's booking (fill-writes.ts), with the profit the engine recorded.
    if (status === 'liquidated')
      expect(Number(summaries[0]?.realised)).toBe(Number(row?.profitsDollarAmount));
    await engine.stop();
  });
});
