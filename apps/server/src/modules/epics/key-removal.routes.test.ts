import { ZEpic } from '@cdca/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { epics } from './epics.schema.ts';
import { epicsTestAppForAllTests, traderWithKey } from './testing/epics.fixture.ts';

const t = epicsTestAppForAllTests();

describe('DELETE /exchange-keys/current while epics run', () => {
  it('is refused with 409 epics-running until every epic is in history', async () => {
    const trader = await traderWithKey(t, 'key-removal@example.test');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/epics',
      headers: trader.headers,
      payload: {
        coinId: t.coinId('BTC-USD'),
        inputs: {
          budget: '500',
          dcaLevels: 2,
          scaling: 'fibonacci',
          load: 'front',
          direction: 'below',
          buySpread: '3',
          sellSpread: '4',
          stopSpread: '10',
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = ZEpic.parse(created.json());
    const remove = () =>
      t.app.inject({ method: 'DELETE', url: '/api/v1/exchange-keys/current', headers: trader.headers });

    for (const status of ['pending', 'active', 'warning', 'error', 'cancelling'] as const) {
      await t.database.db.update(epics).set({ status }).where(eq(epics.id, id));
      const refused = await remove();
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json().code).toBe('epics-running');
    }
    await t.database.db.update(epics).set({ status: 'cancelled' }).where(eq(epics.id, id));
    expect((await remove()).statusCode).toBe(200);
  });
});
