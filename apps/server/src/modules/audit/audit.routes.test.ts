import { ZAdminAccount, ZBillingSummary, ZOwnerActionList } from '@cdca/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForAllTests } from '../../testing/app-lifecycle.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { makeOwner, newTrader, type Trader } from '../../testing/traders.ts';
import { insertPayment } from '../admin-console/testing/console.fixture.ts';
import { payments } from '../billing/payments.schema.ts';
import { ownerActions } from './audit.schema.ts';

const t = appForAllTests(() => buildTestApp());
let owner: Trader;

beforeAll(async () => {
  owner = await newTrader(t, 'audit-owner@example.test', 'active');
  await makeOwner(t, owner);
});

const trailOf = async (trader: Trader) => {
  const response = await t.as(owner).get(`/api/v1/accounts/admin/${trader.sub}/audit`);
  expect(response.statusCode).toBe(200);
  return ZOwnerActionList.parse(response.json());
};

const adminUpdate = (trader: Trader, body: object) =>
  t.as(owner).patch(`/api/v1/accounts/admin/${trader.sub}`, body);

describe('the audit trail of owner actions', () => {
  it('records each field an admin update changes, with who, before and after, in one go', async () => {
    const trader = await newTrader(t, 'audit-a@example.test', 'active');
    const response = await adminUpdate(trader, {
      status: 'deactivated',
      role: 'partner',
      freeAccount: true,
      accountRank: 'gold',
      discountCode: 'LaunchSpecial',
    });
    expect(response.statusCode).toBe(200);
    expect(ZAdminAccount.parse(response.json())).toMatchObject({
      status: 'deactivated',
      role: 'partner',
      freeAccount: true,
      accountRank: 'gold',
      discountCode: 'LaunchSpecial',
    });
    const trail = await trailOf(trader);
    expect(trail.total).toBe(5);
    const byKind = Object.fromEntries(trail.actions.map((action) => [action.kind, action]));
    expect(byKind.status).toMatchObject({ before: 'active', after: 'deactivated' });
    expect(byKind.role).toMatchObject({ before: 'standard', after: 'partner' });
    expect(byKind['free-account']).toMatchObject({ before: false, after: true });
    expect(byKind.rank).toMatchObject({ before: 'bronze', after: 'gold' });
    expect(byKind['discount-code']).toMatchObject({ before: null, after: 'LaunchSpecial' });
    for (const action of trail.actions) {
      expect(action).toMatchObject({
        actorAccountId: owner.account.id,
        actorEmail: 'audit-owner@example.test',
        subjectAccountId: trader.account.id,
      });
    }
  });

  it('records nothing for a value set to itself, and shows the discount code on the account', async () => {
    const trader = await newTrader(t, 'audit-same@example.test', 'active');
    const response = await adminUpdate(trader, {
      status: 'active',
      accountRank: 'bronze',
      discountCode: null,
    });
    expect(response.statusCode).toBe(200);
    expect((await trailOf(trader)).total).toBe(0);
    await adminUpdate(trader, { discountCode: 'AcademyReferral' });
    const account = await t.as(owner).get(`/api/v1/accounts/admin/${trader.sub}`);
    expect(ZAdminAccount.parse(account.json()).discountCode).toBe('AcademyReferral');
    const list = await t.as(owner).get('/api/v1/accounts?search=audit-same');
    expect(list.json().accounts[0]).toMatchObject({
      email: 'audit-same@example.test',
      discountCode: 'AcademyReferral',
    });
  });

  it('records nothing when the change is refused', async () => {
    const trader = await newTrader(t, 'audit-refused@example.test', 'active');
    const byTrader = await t.as(trader).patch(`/api/v1/accounts/admin/${trader.sub}`, { freeAccount: true });
    expect(byTrader.statusCode).toBe(403);
    const ownRole = await adminUpdate(owner, { role: 'standard', freeAccount: true });
    expect(ownRole.statusCode).toBe(409);
    expect((await trailOf(trader)).total).toBe(0);
    expect((await trailOf(owner)).total).toBe(0);
  });

  it('records a discount code granted through the billing call', async () => {
    const trader = await newTrader(t, 'audit-billing@example.test', 'active');
    const response = await t.as(owner).request('PUT', '/api/v1/billing/discount-code', {
      accountId: trader.account.id,
      discountCode: 'BetaTesterSpecial',
    });
    expect(response.statusCode).toBe(200);
    ZBillingSummary.parse(response.json());
    const [action] = (await trailOf(trader)).actions;
    expect(action).toMatchObject({ kind: 'discount-code', before: null, after: 'BetaTesterSpecial' });
  });

  it("records an owner's payment note with the payment it was about", async () => {
    const trader = await newTrader(t, 'audit-payment@example.test', 'pending-payment');
    await insertPayment(t.db, { accountId: trader.account.id, cycle: 1, status: 'pending', amount: '64.98' });
    const [payment] = await t.db.select().from(payments).where(eq(payments.accountId, trader.account.id));
    if (!payment) throw new Error('no payment');
    const response = await t.as(owner).patch(`/api/v1/payments/${payment.id}`, {
      status: 'paid',
      note: 'Paid by bank transfer, ref 42',
    });
    expect(response.statusCode).toBe(200);
    const [action] = (await trailOf(trader)).actions;
    expect(action).toMatchObject({
      kind: 'payment-note',
      targetId: payment.id,
      before: 'pending',
      after: 'paid',
      note: 'Paid by bank transfer, ref 42',
    });
  });

  it('lists newest first and pages', async () => {
    const trader = await newTrader(t, 'audit-pages@example.test', 'active');
    for (const rank of ['iron', 'silver', 'gold'] as const) await adminUpdate(trader, { accountRank: rank });
    const page = await t.as(owner).get(`/api/v1/accounts/admin/${trader.sub}/audit?limit=2&offset=0`);
    const { actions, total } = ZOwnerActionList.parse(page.json());
    expect(total).toBe(3);
    expect(actions.map((action) => action.after)).toEqual(['gold', 'silver']);
    // The total rides on the page's rows; a page past the end has none, and still says how many there are.
    const last = ZOwnerActionList.parse(
      (await t.as(owner).get(`/api/v1/accounts/admin/${trader.sub}/audit?limit=2&offset=2`)).json(),
    );
    expect(last).toMatchObject({ total: 3, actions: [{ after: 'iron' }] });
    const past = ZOwnerActionList.parse(
      (await t.as(owner).get(`/api/v1/accounts/admin/${trader.sub}/audit?offset=9`)).json(),
    );
    expect(past).toEqual({ total: 3, actions: [] });
  });

  it('is read by owners only', async () => {
    const trader = await newTrader(t, 'audit-reader@example.test', 'active');
    const refused = await t.as(trader).get(`/api/v1/accounts/admin/${trader.sub}/audit`);
    expect(refused.statusCode).toBe(403);
    const missing = await t.as(owner).get('/api/v1/accounts/admin/nobody/audit');
    expect(missing.statusCode).toBe(404);
  });

  it('cannot be edited or deleted, even in SQL', async () => {
    const trader = await newTrader(t, 'audit-sealed@example.test', 'active');
    await adminUpdate(trader, { freeAccount: true });
    const where = eq(ownerActions.subjectAccountId, trader.account.id);
    await expect(t.db.update(ownerActions).set({ note: 'rewritten' }).where(where)).rejects.toThrow();
    await expect(t.db.delete(ownerActions).where(where)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate owner_actions`)).rejects.toThrow();
    expect((await trailOf(trader)).actions[0]).toMatchObject({ kind: 'free-account', note: null });
  });
});
