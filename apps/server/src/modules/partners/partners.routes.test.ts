import {
  ZAdminPayoutList,
  ZOwnerActionList,
  ZPartnerPayouts,
  ZPartnerReferralList,
  ZPayout,
  ZReferralCodeList,
} from '@cdca/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForAllTests } from '../../testing/app-lifecycle.ts';
import {
  BILLING_OWNER_EMAIL,
  buildBillingTestApp,
  pressSandboxButton,
  recordClosedEpic,
} from '../billing/testing/billing.fixture.ts';
import { partnerLedgerEntries } from './partners.schema.ts';
import { newPartner, partnerWithCode, TX_HASH, USDC_ADDRESS } from './testing/partners.fixture.ts';

const t = appForAllTests(() => buildBillingTestApp({ PARTNER_MIN_PAYOUT: '10' }));

/** A referred trader past the free allowance who pays the first bill on the sandbox page. */
const referredAndPaid = async (email: string, code: string) => {
  const trader = await t.traderWithCode(email, code);
  await recordClosedEpic(t, trader.account.id, '150');
  await t.tick();
  const [payment] = await t.payments(trader);
  if (!payment?.chargeHostedUrl) throw new Error('expected a charge');
  await pressSandboxButton(t, payment.chargeHostedUrl, 'pay');
  return { trader, payment };
};

const payouts = async (partner: Parameters<typeof t.as>[0]) =>
  ZPartnerPayouts.parse((await t.as(partner).get('/api/v1/partners/payouts')).json());

describe('referral codes', () => {
  it('a partner creates vanity codes, unique whatever the case, and nobody else can', async () => {
    const partner = await newPartner(t, 'codes-partner@example.test');
    const created = await t.as(partner).post('/api/v1/partners/referral-codes', { code: 'Crypto_Joe' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: 'Crypto_Joe', clicks: 0, signUps: 0, conversion: null });

    const other = await newPartner(t, 'codes-other@example.test');
    const taken = await t.as(other).post('/api/v1/partners/referral-codes', { code: 'CRYPTO_JOE' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('referral-code-taken');
    // The launch and academy codes are the product's own.
    expect((await t.as(other).post('/api/v1/partners/referral-codes', { code: 'Launch' })).json().code).toBe(
      'referral-code-taken',
    );
    const bad = await t.as(other).post('/api/v1/partners/referral-codes', { code: 'no spaces!' });
    expect(bad.statusCode).toBe(400);

    const standard = await t.trader('codes-standard@example.test');
    const refused = await t.as(standard).post('/api/v1/partners/referral-codes', { code: 'Mine123' });
    expect(refused.statusCode).toBe(403);
    expect((await t.as(standard).get('/api/v1/partners/payouts')).statusCode).toBe(403);
    expect((await t.as(partner).get('/api/v1/partners/admin/payouts')).statusCode).toBe(403);
  });

  it('counts landing clicks signed out, and a sign-up through the code gets the PartnerReferral price', async () => {
    const partner = await partnerWithCode(t, 'funnel-partner@example.test', 'Funnel');
    for (const code of ['funnel', 'FUNNEL', 'nobody-has-this']) {
      const click = await t.app.inject({ method: 'POST', url: '/api/v1/partners/clicks', payload: { code } });
      expect(click.statusCode).toBe(204);
    }
    const referred = await t.traderWithCode('funnel-referred@example.test', 'fUnNeL');
    expect(await t.summary(referred)).toMatchObject({
      discountCode: 'PartnerReferral',
      quote: { basePrice: '54.98', originalPrice: '64.98', discounted: true },
    });
    const codes = ZReferralCodeList.parse(
      (await t.as(partner).get('/api/v1/partners/referral-codes')).json(),
    );
    expect(codes.items).toEqual([
      expect.objectContaining({
        code: 'Funnel',
        clicks: 2,
        signUps: 1,
        payingAccounts: 0,
        conversion: '0.00',
      }),
    ]);
    const referrals = ZPartnerReferralList.parse(
      (await t.as(partner).get('/api/v1/partners/referrals')).json(),
    );
    expect(referrals.items).toEqual([
      expect.objectContaining({
        id: referred.account.id,
        code: 'Funnel',
        status: 'active',
        paidTotal: '0.00',
      }),
    ]);
    // No e-mail or name of the referred person reaches the partner.
    expect(JSON.stringify(referrals)).not.toContain('funnel-referred');
  });

  it('a code of an account that is no longer a partner earns no discount and attributes nobody', async () => {
    const partner = await partnerWithCode(t, 'former-partner@example.test', 'Former');
    await t.as(t.owner).patch(`/api/v1/accounts/admin/${partner.sub}`, { role: 'standard' });
    const referred = await t.traderWithCode('former-referred@example.test', 'former');
    expect((await t.summary(referred)).discountCode).toBeNull();
  });
});

describe('commissions and payouts', () => {
  it('books 20 % of what a referred account paid, once, and pays it out through the owner', async () => {
    const partner = await partnerWithCode(t, 'payout-partner@example.test', 'ALPHA');
    const { trader, payment } = await referredAndPaid('payout-referred@example.test', 'alpha');
    expect(payment.amountDue).toBe('54.98');
    // Booked by billing's announcement of the paid payment, before the partner reads anything.
    const booked = await t.db
      .select()
      .from(partnerLedgerEntries)
      .where(eq(partnerLedgerEntries.sourceId, payment.id));
    expect(booked.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['commission', '10.990000000000000000'],
    ]);
    // The database itself refuses to edit or remove an entry: corrections are counter-entries.
    await expect(
      t.db
        .update(partnerLedgerEntries)
        .set({ amount: '99' })
        .where(eq(partnerLedgerEntries.sourceId, payment.id)),
    ).rejects.toThrow();
    await expect(
      t.db.delete(partnerLedgerEntries).where(eq(partnerLedgerEntries.sourceId, payment.id)),
    ).rejects.toThrow();

    const before = await payouts(partner);
    // 20 % of 54.98 is 10.996: a commission is rounded down to the cent.
    expect(before.balance).toMatchObject({
      earned: '10.99',
      available: '10.99',
      pending: '0.00',
      paid: '0.00',
      minimumPayout: '10.00',
      commissionPercent: '20',
    });
    const referrals = ZPartnerReferralList.parse(
      (await t.as(partner).get('/api/v1/partners/referrals')).json(),
    );
    expect(referrals.items).toEqual([
      expect.objectContaining({ id: trader.account.id, paidTotal: '54.98', commission: '10.99' }),
    ]);
    // Reading again, re-checking the payment, replaying: still one commission.
    await t.post(trader, `/api/v1/payments/check-payment-status/${payment.id}`);
    expect((await payouts(partner)).balance.earned).toBe('10.99');

    const wrongCase = USDC_ADDRESS.toLowerCase().replace('0x5aaeb', '0x5AAEB');
    const badAddress = await t.as(partner).post('/api/v1/partners/payouts', { address: wrongCase });
    expect(badAddress.statusCode).toBe(400);
    const requested = await t.as(partner).post('/api/v1/partners/payouts', { address: USDC_ADDRESS });
    expect(requested.statusCode).toBe(201);
    const payout = ZPayout.parse(requested.json());
    expect(payout).toMatchObject({ amount: '10.99', status: 'requested', address: USDC_ADDRESS });
    expect((await payouts(partner)).balance).toMatchObject({ available: '0.00', pending: '10.99' });
    const again = await t.as(partner).post('/api/v1/partners/payouts', { address: USDC_ADDRESS });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('payout-below-minimum');

    const listed = ZAdminPayoutList.parse(
      (await t.as(t.owner).get('/api/v1/partners/admin/payouts?status=requested')).json(),
    );
    expect(listed.items).toContainEqual(
      expect.objectContaining({ id: payout.id, partnerEmail: 'payout-partner@example.test' }),
    );
    const decide = (body: object) => t.as(t.owner).patch(`/api/v1/partners/admin/payouts/${payout.id}`, body);
    const early = await decide({ action: 'mark-paid', txHash: TX_HASH });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('payout-transition-refused');
    expect((await decide({ action: 'approve' })).json().status).toBe('approved');
    const paid = await decide({ action: 'mark-paid', txHash: TX_HASH });
    expect(paid.json()).toMatchObject({ status: 'paid', txHash: TX_HASH });
    expect((await payouts(partner)).balance).toMatchObject({
      available: '0.00',
      pending: '0.00',
      paid: '10.99',
    });
    expect(t.published).toContainEqual({
      accountId: partner.account.id,
      message: {
        routingKey: 'payout.updated',
        event: expect.objectContaining({ id: payout.id, status: 'paid' }),
      },
    });
    expect((await decide({ action: 'reject', reason: 'too late' })).statusCode).toBe(409);

    // Each decision is in the audit trail of the partner's account, oldest last; the refused ones are not.
    const audit = ZOwnerActionList.parse(
      (await t.as(t.owner).get(`/api/v1/accounts/admin/${partner.sub}/audit`)).json(),
    );
    const decisions = audit.actions.filter((action) => action.kind === 'payout-decision');
    expect(decisions.map((action) => [action.before, action.after, action.targetId])).toEqual([
      ['approved', 'paid', payout.id],
      ['requested', 'approved', payout.id],
    ]);
    expect(decisions[0]?.note).toContain(TX_HASH);
    expect(decisions[0]?.actorEmail).toBe(BILLING_OWNER_EMAIL);
  });

  it('a rejected payout returns its amount to the available balance', async () => {
    const partner = await partnerWithCode(t, 'reject-partner@example.test', 'Rejects');
    await referredAndPaid('reject-referred@example.test', 'rejects');
    const payout = ZPayout.parse(
      (await t.as(partner).post('/api/v1/partners/payouts', { address: USDC_ADDRESS })).json(),
    );
    const rejected = await t.as(t.owner).patch(`/api/v1/partners/admin/payouts/${payout.id}`, {
      action: 'reject',
      reason: 'Address on a sanctions list',
    });
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Address on a sanctions list',
    });
    expect((await payouts(partner)).balance).toMatchObject({
      available: '10.99',
      pending: '0.00',
      paid: '0.00',
    });
    const missing = await t
      .as(t.owner)
      .patch('/api/v1/partners/admin/payouts/00000000-0000-4000-8000-000000000000', { action: 'approve' });
    expect(missing.statusCode).toBe(404);
  });
});
