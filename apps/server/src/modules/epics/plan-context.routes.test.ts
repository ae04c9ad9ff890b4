import { ZEpicInputs, ZPlanContext, ZPlanPreview } from '@cdca/contracts';
import { planEpic } from '@cdca/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { newTrader, type Trader } from '../../testing/traders.ts';
import { callAs, EPIC_TEST_INPUTS, epicsTestAppForAllTests, traderWithKey } from './testing/epics.fixture.ts';

const t = epicsTestAppForAllTests();
let alice: Trader;
beforeAll(async () => {
  alice = await traderWithKey(t, 'plan-context-alice@example.test');
});

describe('GET /epics/plan-context', () => {
  it('gives the browser what the server plans from, so its planEpic gives the same ladder as the preview', async () => {
    const coinId = t.coinId('BTC-USD');
    const context = ZPlanContext.parse(
      (await callAs(t, alice, 'GET', `/epics/plan-context?coinId=${coinId}`)).json(),
    );
    expect(context.product.id).toBe('BTC-USD');
    expect(context.referencePrice).toBe((await t.paper.market.getTicker('BTC-USD')).ask);
    // The paper account starts with 10,000 USD.
    expect(Number(context.availableBalance)).toBe(10_000);

    const preview = ZPlanPreview.parse(
      (await callAs(t, alice, 'POST', '/epics/preview', { coinId, inputs: EPIC_TEST_INPUTS })).json(),
    );
    const options = context.availableBalance ? { availableBalance: context.availableBalance } : {};
    expect(
      planEpic(ZEpicInputs.parse(EPIC_TEST_INPUTS), context.product, context.referencePrice, options),
    ).toEqual(preview);
  });

  it('has no balance for a trader without a key, and refuses an unknown coin (404) or a bad id (400)', async () => {
    const keyless = await newTrader(t, 'plan-context-keyless@example.test', 'active');
    const coinId = t.coinId('BTC-USD');
    const context = ZPlanContext.parse(
      (await callAs(t, keyless, 'GET', `/epics/plan-context?coinId=${coinId}`)).json(),
    );
    expect(context.availableBalance).toBeNull();
    const unknown = await callAs(
      t,
      alice,
      'GET',
      '/epics/plan-context?coinId=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect((await callAs(t, alice, 'GET', '/epics/plan-context?coinId=nope')).statusCode).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/epics/plan-context?coinId=${t.coinId('BTC-USD')}`,
    });
    expect(response.statusCode).toBe(401);
  });
});
