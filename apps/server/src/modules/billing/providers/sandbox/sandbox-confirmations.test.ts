import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { billedTrader, billingTestAppForAllTests } from '../../testing/billing.fixture.ts';

/**
 * The sandbox honours BTCPay's Processing branch (docs/providers.md): a payment seen but not confirmed makes the
 * charge processing and credits nothing; it then confirms (settled, paid) or never does (invalid, nothing paid),
 * by the page's button or because monitoring ended, and the payment is booked as an invalid BTCPay invoice is
 * (docs/decisions/book-only-confirmed-money.md).
 */
const t = billingTestAppForAllTests();

const HOUR_MS = 3_600_000;

const statusOn = (response: LightMyRequestResponse) => /data-status="([a-z]+)"/.exec(response.body)?.[1];

/** A trader's first payment with its sandbox charge, and the page's buttons as the trader's browser presses them. */
const billed = async (email: string) => {
  const { trader, payment, hostedUrl } = await billedTrader(t, email, '150');
  const { pathname, search } = new URL(hostedUrl);
  const press = async (action: 'pay-unconfirmed' | 'confirm' | 'never-confirm') => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${pathname}/${action}${search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(response.statusCode, `${action} answered`).toBe(303);
    return new URL(String(response.headers.location), 'http://localhost').searchParams.get('delivered');
  };
  const page = () => t.app.inject({ method: 'GET', url: `${pathname}${search}` });
  const current = () => t.payment(trader, payment.id);
  return { trader, payment, press, page, current };
};

describe('an unconfirmed sandbox payment', () => {
  it('makes the charge processing and the payment confirming, crediting nothing', async () => {
    const { trader, press, page, current } = await billed('sandbox-zero-conf@example.test');
    expect((await page()).body).toContain('data-action="pay-unconfirmed"');
    expect(await press('pay-unconfirmed')).toBe('200');
    const shown = await page();
    expect(statusOn(shown)).toBe('processing');
    expect(shown.body).toContain('data-action="confirm"');
    expect(shown.body).toContain('data-action="never-confirm"');
    expect(await current()).toMatchObject({ status: 'posted', amountPaid: '0', amountConfirming: '64.98' });
    expect(await t.accountStatus(trader)).toBe('active');
  });

  it('pays the payment once it confirms', async () => {
    const { press, page, current } = await billed('sandbox-confirms@example.test');
    await press('pay-unconfirmed');
    expect(await press('confirm')).toBe('200');
    expect(statusOn(await page())).toBe('settled');
    expect(await current()).toMatchObject({ status: 'paid', amountPaid: '64.98', amountConfirming: '0' });
  });

  it('is invalid when it never confirms, and leaves the payment unpaid with nothing confirming', async () => {
    const { press, page, current } = await billed('sandbox-never-confirms@example.test');
    await press('pay-unconfirmed');
    expect(await press('never-confirm')).toBe('200');
    const shown = await page();
    expect(statusOn(shown)).toBe('invalid');
    // Closed: no button can pay an invalid charge.
    expect(shown.body).not.toContain('data-action=');
    expect(await current()).toMatchObject({ status: 'pending', amountPaid: '0', amountConfirming: '0' });
  });

  it('is invalid once monitoring ends unconfirmed, found by the scheduler without a webhook', async () => {
    const { payment, press, page, current } = await billed('sandbox-monitoring-ends@example.test');
    await press('pay-unconfirmed');
    expect((await current()).status).toBe('posted');
    // Past the charge's expiry and the day the sandbox, like BTCPay, keeps watching it after.
    const expiresAt = Date.parse(payment.chargeExpDate ?? '');
    t.clock.set(new Date(expiresAt + 24 * HOUR_MS + 1000));
    await t.tick();
    expect(await current()).toMatchObject({ status: 'pending', amountPaid: '0', amountConfirming: '0' });
    expect(statusOn(await page())).toBe('invalid');
  });
});
