import { randomBytes } from 'node:crypto';
import { ZEpicPlan, ZPlanContext } from '@cdca/contracts';
import { money } from '@cdca/engine';
import { createPaperExchange } from '@cdca/exchange/paper';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testConfig } from '../../testing/test-config.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { createDrizzlePaperStore } from '../paper/paper-store.drizzle.ts';
import { epics } from './epics.schema.ts';
import { callAs, EPIC_TEST_INPUTS, epicsTestAppForAllTests, traderWithKey } from './testing/epics.fixture.ts';

const PARALLEL = 50;
/** Each ask is affordable alone on the paper account's $10,000, and no two fit together. */
const BIG = { ...EPIC_TEST_INPUTS, budget: '9000' };
const RATE_LIMITS_OFF = { API_REQUESTS_PER_MINUTE: '100000' };

// The paper venue writes its market history into a fresh database: slow on a busy machine.
vi.setConfig({ hookTimeout: 300_000 });
const t = epicsTestAppForAllTests();

const statusTally = (responses: LightMyRequestResponse[]) => {
  const tally: Record<string, number> = {};
  for (const response of responses) {
    const key = `${response.statusCode} ${response.json().code ?? ''}`.trim();
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
};

const epicsOf = (app: Pick<TestApp, 'database'>, accountId: string) =>
  app.database.db.select().from(epics).where(eq(epics.accountId, accountId));

const fundsRequiredOf = (row: { plan: unknown } | undefined) =>
  money(ZEpicPlan.parse(row?.plan).fundsRequired);

describe('POST /epics under concurrency', () => {
  it(`commits at most the balance: ${PARALLEL} parallel $9,000 epics on $10,000 → one 201, the rest 422`, async () => {
    const trader = await traderWithKey(t, 'parallel-creates@example.test');
    const coinId = t.coinId('BTC-USD');

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () => callAs(t, trader, 'POST', '/epics', { coinId, inputs: BIG })),
    );

    expect(statusTally(responses)).toEqual({ '201': 1, '422 insufficient-funds': PARALLEL - 1 });
    const saved = await epicsOf(t, trader.account.id);
    expect(saved).toHaveLength(1);
    const fundsRequired = fundsRequiredOf(saved[0]);
    const refused = responses.find((response) => response.statusCode === 422)?.json();
    expect(refused.details).toMatchObject({
      balance: '10000',
      committed: fundsRequired.toFixed(),
      committedEpics: 1,
      free: money(10_000).minus(fundsRequired).toFixed(),
      asked: fundsRequired.toFixed(),
      problems: [expect.objectContaining({ code: 'budget-above-balance' })],
    });
    expect(refused.message).toMatch(
      /needs \$9,0\d\d\.\d\d, but only \$9\d\d\.\d\d is free: \$10,000\.00 in USD/,
    );
  }, 120_000);

  it('shows the same free figure in the plan context and preview, and releases it once the epic is history', async () => {
    const trader = await traderWithKey(t, 'commitments-shown@example.test');
    const coinId = t.coinId('BTC-USD');
    const first = await callAs(t, trader, 'POST', '/epics', { coinId, inputs: BIG });
    expect(first.statusCode).toBe(201);
    const [row] = await epicsOf(t, trader.account.id);
    const fundsRequired = fundsRequiredOf(row);

    const context = ZPlanContext.parse(
      (await callAs(t, trader, 'GET', `/epics/plan-context?coinId=${coinId}`)).json(),
    );
    expect(context.availableBalance).toBe(money(10_000).minus(fundsRequired).toFixed());
    const preview = (
      await callAs(t, trader, 'POST', '/epics/preview', { coinId, inputs: { ...BIG, budget: '1000' } })
    ).json();
    expect(preview.problems.map((problem: { code: string }) => problem.code)).toEqual([
      'budget-above-balance',
    ]);

    // A cancel is asked for (cancelling still holds the claim: its buys may rest until the engine is done) …
    const cancelling = await callAs(t, trader, 'PATCH', `/epics/${first.json().id}`, { action: 'cancel' });
    expect(cancelling.statusCode).toBe(200);
    const refused = await callAs(t, trader, 'POST', '/epics', { coinId, inputs: BIG });
    expect(refused.json().code).toBe('insufficient-funds');
    // … and once the engine has cancelled it, the money is free again.
    await t.database.db.update(epics).set({ status: 'cancelled' }).where(eq(epics.id, first.json().id));
    const again = await callAs(t, trader, 'POST', '/epics', { coinId, inputs: BIG });
    expect(again.statusCode).toBe(201);
  }, 60_000);
});

describe.skipIf(!process.env.DATABASE_URL)('POST /epics on two app instances sharing one PostgreSQL', () => {
  it(`still commits at most the balance: ${PARALLEL} parallel creates split across both → one 201`, async () => {
    const database = await createTestDatabase();
    if (!database.url) throw new Error('expected PostgreSQL');
    const secondPool = await openPostgres(database.url);
    // One venue, as two servers share one Coinbase; the same config (master key) so both read the same keys.
    const paper = createPaperExchange({ seed: 7, store: createDrizzlePaperStore(database.db) });
    await paper.venue.ready();
    const config = testConfig({ MASTER_KEY: randomBytes(32).toString('base64'), ...RATE_LIMITS_OFF });
    const apps: TestApp[] = [];
    try {
      for (const db of [database, secondPool]) {
        apps.push(await buildTestApp({ config, database: db, venue: paper }));
      }
      const [first, second] = apps;
      if (!first || !second) throw new Error('expected two apps');
      const [a, b] = [first.app, second.app];
      const trader = await traderWithKey(first, 'two-instances@example.test');
      const coins = (
        await a.inject({ method: 'GET', url: '/api/v1/coins?limit=200', headers: trader.headers })
      )
        .json()
        .coins.filter((coin: { symbol: string }) => coin.symbol === 'BTC-USD');
      const coinId: string = coins[0].id;

      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          (i % 2 === 0 ? a : b).inject({
            method: 'POST',
            url: '/api/v1/epics',
            headers: trader.headers,
            payload: { coinId, inputs: BIG },
          }),
        ),
      );

      expect(statusTally(responses)).toEqual({ '201': 1, '422 insufficient-funds': PARALLEL - 1 });
      expect(await epicsOf(first, trader.account.id)).toHaveLength(1);
    } finally {
      for (const app of apps) await app.close();
      await paper.close();
      await secondPool.close();
      await database.close();
    }
  }, 180_000);
});
