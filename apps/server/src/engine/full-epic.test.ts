import { money } from '@cdca/engine';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { epicFills, epics } from '../modules/epics/epics.schema.ts';
import { createNotificationsService } from '../modules/notifications/notifications.service.ts';
import { engineFor, epicOnSolAt100, epicsTestAppPerTest } from './testing/engine-test-kit.ts';

const t = epicsTestAppPerTest();

const epicRow = async (id: string) => (await t.database.db.select().from(epics).where(eq(epics.id, id)))[0];

describe('engine: a full epic on the paper exchange', () => {
  it('buys down through three levels, sells at the take-profit, closes with the profit the fills imply', async () => {
    // Three levels 5 % apart below 100, take-profit 3 % over the average.
    const { store, id, trader } = await epicOnSolAt100(t);
    const notifications = createNotificationsService({ db: t.database.db, bus: t.bus });
    const engine = engineFor(t, store.keys, { notifications });
    await engine.runOnce();
    expect((await epicRow(id))?.status).toBe('active');
    for (const price of ['98.00', '94.00', '90.00', '89.00', '95.00', '105.00']) {
      await t.paper.setPrice('SOL-USD', price);
      await engine.runOnce();
      await engine.runOnce();
    }
    await engine.runOnce();
    const row = await epicRow(id);
    expect(row?.status).toBe('closed');
    expect(row?.activeDcaLevel).toBe(3);
    const fills = await t.database.db.select().from(epicFills).where(eq(epicFills.epicId, id));
    let implied = money(0);
    let vol = money(0);
    for (const f of fills) {
      const value = money(f.price).mul(f.size);
      implied = f.side === 'sell' ? implied.plus(value).minus(f.fee) : implied.minus(value).minus(f.fee);
      vol = vol.plus(value);
    }
    expect(money(row?.profitsDollarAmount ?? 'NaN').toFixed(2)).toBe(
      implied.toDecimalPlaces(2, 3).toFixed(2),
    );
    expect(money(row?.volume ?? '0').eq(vol)).toBe(true);
    // The trader is told once, in docs/product.md §4's words, with the profit the epic booked.
    const { notifications: notices } = await notifications.list(trader.account.id, { limit: 50, offset: 0 });
    const ended = notices.filter((notice) => notice.type === 'epic_closed');
    expect(ended).toHaveLength(1);
    expect(ended[0]?.message).toBe(
      `Your epic SOL[${id.split('-')[4]?.slice(8)}] was closed on 3/3 at a $${money(row?.profitsDollarAmount ?? 'NaN').toFixed(2)} profit`,
    );
    await engine.stop();
  });
});
