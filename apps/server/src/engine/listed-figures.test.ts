import { ZEpicDetail, ZEpicList } from '@cdca/contracts';
import { money } from '@cdca/engine';
import { describe, expect, it } from 'vitest';
import { drive, epicFillRows, threeLevelsBelow } from './testing/engine-assertions.ts';
import { engineFor, epicOnSolAt100, epicsTestAppPerTest } from './testing/engine-test-kit.ts';

const t = epicsTestAppPerTest();

describe('engine: the list of epics shows the figures of the whole position', () => {
  it('after two buys: the same figures as the detail and the last event, the budget used from the fills', async () => {
    const { store, trader, id } = await epicOnSolAt100(t, threeLevelsBelow());
    const engine = engineFor(t, store.keys);
    await drive(engine, t.paper, 'SOL-USD', ['100.00', '94.00']);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: trader.headers });
    const [listed] = ZEpicList.parse((await get('/api/v1/epics')).json()).epics;
    const detail = ZEpicDetail.parse((await get(`/api/v1/epics/${id}`)).json());

    expect(listed?.activeDcaLevel).toBe(2);
    const figures = ['buyValue', 'heldBase', 'costBasis', 'takeProfitPrice', 'avgBuyRate'] as const;
    for (const figure of figures) expect(listed?.[figure], figure).toBe(detail[figure]);
    const lastEvent = t.published.findLast((envelope) => envelope.message.routingKey === 'epic.updated');
    expect(lastEvent?.message.event).toMatchObject(Object.fromEntries(figures.map((f) => [f, detail[f]])));

    const buys = (await epicFillRows(t, id)).filter((fill) => fill.side === 'buy');
    expect(buys).toHaveLength(2);
    const bought = buys.reduce((sum, fill) => sum.plus(money(fill.price).mul(fill.size)), money(0));
    expect(money(listed?.buyValue ?? '0').eq(bought)).toBe(true);
    expect(listed?.takeProfitPrice).not.toBeNull();
    await engine.stop();
  });
});
