import { ZEpic, ZEpicDetail, ZEpicList, ZPlanPreview } from '@cdca/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newTrader, type Trader } from '../../testing/traders.ts';
import { epics } from './epics.schema.ts';
import { callAs, EPIC_TEST_INPUTS, epicsTestAppForAllTests, traderWithKey } from './testing/epics.fixture.ts';

const t = epicsTestAppForAllTests();
let alice: Trader;
let bob: Trader;
beforeAll(async () => {
  alice = await traderWithKey(t, 'epic-alice@example.test');
  bob = await traderWithKey(t, 'epic-bob@example.test');
});

const inputs = EPIC_TEST_INPUTS;
const call = (trader: Trader, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  callAs(t, trader, method, url, payload);

const create = async (trader: Trader, symbol = 'BTC-USD', overrides: object = {}) => {
  const response = await call(trader, 'POST', '/epics', {
    coinId: t.coinId(symbol),
    inputs: { ...inputs, ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return ZEpic.parse(response.json());
};

const setStatus = (id: string, status: (typeof epics.$inferSelect)['status']) =>
  t.database.db.update(epics).set({ status }).where(eq(epics.id, id));

describe('POST /epics/preview', () => {
  it('answers the plan from the live best ask and the product rules', async () => {
    const response = await call(alice, 'POST', '/epics/preview', { coinId: t.coinId('BTC-USD'), inputs });
    expect(response.statusCode).toBe(200);
    const preview = ZPlanPreview.parse(response.json());
    if (!preview.ok) throw new Error(JSON.stringify(preview.problems));
    const ticker = await t.paper.market.getTicker('BTC-USD');
    expect(preview.plan.referencePrice).toBe(ticker.ask);
    expect(preview.plan.levels).toHaveLength(3);
    expect(preview.plan.productId).toBe('BTC-USD');
  });

  it('answers the problems instead, the balance counted when a key is connected', async () => {
    const spreads = ZPlanPreview.parse(
      (
        await call(alice, 'POST', '/epics/preview', {
          coinId: t.coinId('BTC-USD'),
          inputs: { ...inputs, buySpread: '99', sellSpread: '0.01' },
        })
      ).json(),
    );
    expect(spreads.ok ? [] : spreads.problems.map((p) => [p.code, p.field])).toEqual([
      ['spread-out-of-range', 'buySpread'],
      ['spread-out-of-range', 'sellSpread'],
    ]);
    // The paper account starts with 10,000 USD.
    const balance = ZPlanPreview.parse(
      (
        await call(alice, 'POST', '/epics/preview', {
          coinId: t.coinId('BTC-USD'),
          inputs: { ...inputs, budget: '50000' },
        })
      ).json(),
    );
    expect(balance.ok ? [] : balance.problems.map((p) => p.code)).toEqual(['budget-above-balance']);
  });

  it('plans without a balance check for a trader without a key', async () => {
    const keyless = await newTrader(t, 'epic-preview-keyless@example.test', 'active');
    const response = await call(keyless, 'POST', '/epics/preview', {
      coinId: t.coinId('BTC-USD'),
      inputs: { ...inputs, budget: '50000' },
    });
    expect(ZPlanPreview.parse(response.json()).ok).toBe(true);
  });

  it('refuses an unknown coin (404) and a malformed body (400)', async () => {
    const unknown = await call(alice, 'POST', '/epics/preview', {
      coinId: '00000000-0000-4000-8000-000000000000',
      inputs,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('coin-not-found');
    const bad = await call(alice, 'POST', '/epics/preview', {
      coinId: t.coinId('BTC-USD'),
      inputs: { budget: 1 },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /epics', () => {
  it('saves a pending epic with its plan and position, answers 201 and tells the owner', async () => {
    const epic = await create(alice);
    expect(epic).toMatchObject({
      status: 'pending',
      coinSymbol: 'BTC-USD',
      budget: '1000',
      dcaLevels: 3,
      activeDcaLevel: 0,
      volume: '0',
      profitsDollarAmount: null,
      closedAt: null,
      buyValue: '0',
      coin: { id: t.coinId('BTC-USD'), symbol: 'BTC-USD' },
    });
    // The summary leaves the inputs and the plan to the detail.
    expect(epic).not.toHaveProperty('plan');
    expect(epic).not.toHaveProperty('inputs');
    const detail = ZEpicDetail.parse((await call(alice, 'GET', `/epics/${epic.id}`)).json());
    expect(detail.inputs).toEqual(inputs);
    expect(detail.plan.levels).toHaveLength(3);
    expect(t.published.at(-1)).toMatchObject({
      accountId: alice.account.id,
      message: { routingKey: 'epic.created', event: { id: epic.id, status: 'pending' } },
    });
    const [row] = await t.database.db.select().from(epics).where(eq(epics.id, epic.id));
    expect(row?.accountId).toBe(alice.account.id);
    expect(row?.position).toMatchObject({ epicId: epic.id, productId: 'BTC-USD' });
  });

  it('refuses an invalid plan with 422 epic-plan-invalid listing every problem', async () => {
    const response = await call(alice, 'POST', '/epics', {
      coinId: t.coinId('BTC-USD'),
      inputs: { ...inputs, buySpread: '99', sellSpread: '0.01' },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe('epic-plan-invalid');
    expect(body.details.problems.map((p: { code: string; field: string }) => [p.code, p.field])).toEqual([
      ['spread-out-of-range', 'buySpread'],
      ['spread-out-of-range', 'sellSpread'],
    ]);
    const tooBig = await call(alice, 'POST', '/epics', {
      coinId: t.coinId('BTC-USD'),
      inputs: { ...inputs, budget: '50000' },
    });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().details.problems.map((p: { code: string }) => p.code)).toEqual([
      'budget-above-balance',
    ]);
    const tooSmall = await call(alice, 'POST', '/epics', {
      coinId: t.coinId('BTC-USD'),
      inputs: { ...inputs, budget: '1', dcaLevels: 5 },
    });
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json().details.problems.some((p: { level?: number }) => p.level !== undefined)).toBe(
      true,
    );
    const saved = await t.database.db.select().from(epics).where(eq(epics.accountId, alice.account.id));
    expect(saved.every((row) => row.budget !== '50000')).toBe(true);
  });

  it('refuses an account that is not active with 403 account-not-active', async () => {
    const onboarding = await traderWithKey(t, 'epic-onboarding@example.test', 'pending-discord');
    const response = await call(onboarding, 'POST', '/epics', { coinId: t.coinId('BTC-USD'), inputs });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'account-not-active',
      details: { status: 'pending-discord' },
    });
  });

  it('refuses without an exchange key with 409 exchange-key-required', async () => {
    const keyless = await newTrader(t, 'epic-keyless@example.test', 'active');
    const response = await call(keyless, 'POST', '/epics', { coinId: t.coinId('BTC-USD'), inputs });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('exchange-key-required');
  });

  it('refuses an unknown coin with 404 coin-not-found', async () => {
    const response = await call(alice, 'POST', '/epics', {
      coinId: '00000000-0000-4000-8000-000000000000',
      inputs,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('coin-not-found');
  });

  it('refuses extra fields and bad shapes with 400, and no token with 401', async () => {
    const extra = await call(alice, 'POST', '/epics', {
      coinId: t.coinId('BTC-USD'),
      inputs,
      status: 'active',
    });
    expect(extra.statusCode).toBe(400);
    const float = await call(alice, 'POST', '/epics', {
      coinId: t.coinId('BTC-USD'),
      inputs: { ...inputs, budget: 1000.5 },
    });
    expect(float.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/epics', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /epics', () => {
  let lister: Trader;
  const ids: string[] = [];
  beforeAll(async () => {
    lister = await traderWithKey(t, 'epic-lister@example.test');
    ids.push((await create(lister, 'BTC-USD', { budget: '100' })).id);
    ids.push((await create(lister, 'ETH-USD', { budget: '100' })).id);
    ids.push((await create(lister, 'BTC-USD', { budget: '100' })).id);
    await setStatus(ids[1] ?? '', 'active');
    await setStatus(ids[2] ?? '', 'warning');
  });

  const list = async (query: string) => {
    const response = await call(lister, 'GET', `/epics${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return ZEpicList.parse(response.json());
  };

  it('lists newest first by default, only the caller’s', async () => {
    const { epics: found, total } = await list('');
    expect(found.map((e) => e.id)).toEqual([...ids].reverse());
    expect(total).toBeUndefined();
  });

  it('lists summaries: the inputs and the plan are only in the detail', async () => {
    const raw = (await call(lister, 'GET', '/epics')).json() as { epics: Record<string, unknown>[] };
    expect(raw.epics).toHaveLength(ids.length);
    for (const listed of raw.epics) {
      expect(Object.keys(listed)).not.toContain('plan');
      expect(Object.keys(listed)).not.toContain('inputs');
      expect(listed).toMatchObject({ buyValue: '0', heldBase: '0' });
    }
  });

  it('filters by repeated status without indices, by coin id and by coin symbol', async () => {
    const both = await list('?status=active&status=warning&sort=createdAt:asc');
    expect(both.epics.map((e) => e.id)).toEqual([ids[1], ids[2]]);
    const one = await list('?status=active');
    expect(one.epics.map((e) => e.id)).toEqual([ids[1]]);
    const byCoin = await list(`?coinId=${t.coinId('BTC-USD')}&sort=createdAt:asc`);
    expect(byCoin.epics.map((e) => e.id)).toEqual([ids[0], ids[2]]);
    const bySymbol = await list('?coinSymbol=ETH-USD');
    expect(bySymbol.epics.map((e) => e.id)).toEqual([ids[1]]);
  });

  it('sorts by updatedAt and pages with a total', async () => {
    await t.database.db
      .update(epics)
      .set({ updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(epics.id, ids[0] ?? ''));
    const updated = await list('?sort=updatedAt:desc');
    expect(updated.epics[0]?.id).toBe(ids[0]);
    const updatedAsc = await list('?sort=updatedAt:asc');
    expect(updatedAsc.epics.at(-1)?.id).toBe(ids[0]);
    const page = await list('?sort=createdAt:asc&limit=2&offset=1&includeTotal=true');
    expect(page.epics.map((e) => e.id)).toEqual([ids[1], ids[2]]);
    expect(page.total).toBe(3);
    const filteredTotal = await list('?status=pending&includeTotal=true');
    expect(filteredTotal.total).toBe(1);
  });

  it('refuses unknown statuses, sorts and query keys with 400', async () => {
    for (const query of ['?status=running', '?sort=budget:asc', '?owner=someone', '?limit=0']) {
      expect((await call(lister, 'GET', `/epics${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /epics/{id}', () => {
  it('answers the epic with its levels, orders and fills', async () => {
    const epic = await create(alice);
    const response = await call(alice, 'GET', `/epics/${epic.id}`);
    expect(response.statusCode).toBe(200);
    const detail = ZEpicDetail.parse(response.json());
    expect(detail.id).toBe(epic.id);
    expect(detail.levels.map((l) => l.level)).toEqual([1, 2, 3]);
    expect(detail.levels.every((l) => l.orderStatus === 'planned' && l.filledSize === '0')).toBe(true);
    expect(detail.orders).toEqual([]);
    expect(detail.fills).toEqual([]);
    // Nothing bought yet: the engine's figures say so (epic-position-figures.test.ts covers a filled position).
    expect(detail).toMatchObject({ takeProfitPrice: null, heldBase: '0', costBasis: null });
  });
});

describe('PATCH /epics/{id}', () => {
  it('cancel moves to cancelling and tells the owner', async () => {
    const epic = await create(alice);
    const response = await call(alice, 'PATCH', `/epics/${epic.id}`, { action: 'cancel' });
    expect(response.statusCode, response.body).toBe(200);
    expect(ZEpic.parse(response.json()).status).toBe('cancelling');
    expect(t.published.at(-1)).toMatchObject({
      accountId: alice.account.id,
      message: { routingKey: 'epic.updated', event: { id: epic.id, status: 'cancelling' } },
    });
  });

  it('liquidate moves an active epic to liquidating and bumps its version for the engine', async () => {
    const epic = await create(alice);
    await setStatus(epic.id, 'active');
    const response = await call(alice, 'PATCH', `/epics/${epic.id}`, { action: 'liquidate' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('liquidating');
    const [row] = await t.database.db.select().from(epics).where(eq(epics.id, epic.id));
    expect(row?.version).toBe(1);
  });

  it.each([
    ['pending', 'liquidate'],
    ['cancelling', 'cancel'],
    ['closed', 'cancel'],
    ['liquidated', 'liquidate'],
    ['hit', 'cancel'],
  ] as const)('refuses from %s to %s with 409 naming the status', async (status, action) => {
    const epic = await create(alice);
    await setStatus(epic.id, status);
    const response = await call(alice, 'PATCH', `/epics/${epic.id}`, { action });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'epic-transition-refused', details: { status } });
    expect(response.json().message).toContain(status);
  });

  it('refuses anything but an action with 400', async () => {
    const epic = await create(alice);
    for (const payload of [
      { action: 'cancel', budget: '5' },
      { status: 'closed' },
      { action: 'close' },
      {},
    ]) {
      const response = await call(alice, 'PATCH', `/epics/${epic.id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [row] = await t.database.db.select().from(epics).where(eq(epics.id, epic.id));
    expect(row?.status).toBe('pending');
  });
});

describe('ownership', () => {
  it('keeps user B away from user A’s epic on every route (404 epic-not-found)', async () => {
    const epic = await create(alice);
    const get = await call(bob, 'GET', `/epics/${epic.id}`);
    expect(get.statusCode).toBe(404);
    expect(get.json().code).toBe('epic-not-found');
    const patch = await call(bob, 'PATCH', `/epics/${epic.id}`, { action: 'cancel' });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().code).toBe('epic-not-found');
    const listed = ZEpicList.parse((await call(bob, 'GET', '/epics?includeTotal=true')).json());
    expect(listed.epics.map((e) => e.id)).not.toContain(epic.id);
    const [row] = await t.database.db.select().from(epics).where(eq(epics.id, epic.id));
    expect(row?.status).toBe('pending');
    expect(
      t.published.filter((e) => e.accountId === bob.account.id && e.message.event.id === epic.id),
    ).toEqual([]);
  });

  it('answers 404 for an id that does not exist', async () => {
    const response = await call(alice, 'GET', '/epics/00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('epic-not-found');
  });
});
