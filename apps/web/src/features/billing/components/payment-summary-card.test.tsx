import { priceCycle } from '@cdca/engine';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { breakdownOfPayment, breakdownOfQuote, priceLines } from '../lib/price-lines.ts';
import { testPayment } from '../lib/test-payment.ts';
import { PaymentSummaryCard } from './payment-summary-card.tsx';

const setWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
};

const quote = (over: Partial<Parameters<typeof priceCycle>[0]> = {}) =>
  priceCycle({
    tier: 'regular',
    discountCode: 'LaunchSpecial',
    usageVolume: '0',
    usageFeeRate: '0.0005',
    ...over,
  });

const card = () => screen.getByRole('region', { name: 'Payment summary' });
const figure = (testId: string) => within(card()).getByTestId(testId).textContent;

afterEach(() => {
  cleanup();
  setWidth(1024);
});

describe('PaymentSummaryCard', () => {
  it('shows the discount code with its logo, the struck-through Standard price and $0.00 due today', () => {
    const lines = priceLines(breakdownOfQuote(quote()), { staging: false });
    render(<PaymentSummaryCard title="Standard plan" lines={lines} dueToday="$0.00" />);
    expect(within(card()).getByText('LaunchSpecial')).toBeTruthy();
    expect(within(card()).getByText(/\$15\.00 off every cycle, for life/)).toBeTruthy();
    const struck = card().querySelector('s');
    expect(struck?.textContent).toBe('was $64.98');
    expect(figure('base-price')).toBe('$49.98');
    expect(figure('usage-fees')).toBe('None');
    expect(figure('total')).toBe('$49.98');
    expect(figure('due-today')).toBe('$0.00');
  });

  it('adds usage fees on volume beyond $500k, to the cent, into the total', () => {
    // $612,345.67 of volume: $112,345.67 beyond the included $500k × 0.0005 = $56.172835 → $56.17.
    const lines = priceLines(breakdownOfQuote(quote({ usageVolume: '612345.67' })), { staging: false });
    render(<PaymentSummaryCard title="Standard plan" lines={lines} />);
    expect(figure('usage-fees')).toBe('$56.17');
    expect(figure('total')).toBe('$106.15');
    expect(within(card()).queryByTestId('due-today')).toBeNull();
  });

  it('shows no struck price and no discount without a code', () => {
    const lines = priceLines(breakdownOfQuote(quote({ discountCode: null })), { staging: false });
    render(<PaymentSummaryCard title="Standard plan" lines={lines} />);
    expect(card().querySelector('s')).toBeNull();
    expect(figure('base-price')).toBe('$64.98');
    expect(figure('total')).toBe('$64.98');
  });

  it('shows a $1.00 total in staging, keeping the priced usage fee', () => {
    const staged = quote({
      usageVolume: '700000',
      staging: true,
      tier: 'partner',
      discountCode: 'PartnerReferral',
    });
    const lines = priceLines(breakdownOfQuote(staged), { staging: true });
    render(<PaymentSummaryCard title="Standard plan" lines={lines} staging />);
    expect(figure('total')).toBe('$1.00');
    expect(figure('usage-fees')).toBe('$100.00');
    expect(card().querySelector('s')?.textContent).toBe('was $199.98');
  });

  it('counts what arrived on an earlier charge against what is due today', () => {
    const payment = testPayment(Date.now(), { amountDue: '99.98', usageFee: '50.00', amountPaid: '24.99' });
    const lines = priceLines(breakdownOfPayment(payment), { staging: false });
    render(
      <PaymentSummaryCard
        title="Cycle 1"
        lines={lines}
        dueToday={lines.due}
        chargeUrl={payment.chargeHostedUrl}
      />,
    );
    expect(figure('usage-fees')).toBe('$50.00');
    expect(figure('total')).toBe('$99.98');
    expect(within(card()).getByText('$24.99')).toBeTruthy();
    expect(figure('due-today')).toBe('$74.99');
    expect(
      within(card())
        .getByRole('link', { name: /Pay \$74\.99/ })
        .getAttribute('href'),
    ).toBe(payment.chargeHostedUrl);
  });

  it('shows money awaiting confirmations as confirming, without taking it off what is due', () => {
    const payment = testPayment(Date.now(), {
      amountDue: '24.99',
      amountPaid: '0',
      amountConfirming: '24.99',
    });
    const lines = priceLines(breakdownOfPayment(payment), { staging: false });
    render(<PaymentSummaryCard title="Cycle 1" lines={lines} dueToday={lines.due} />);
    expect(figure('confirming')).toContain('$24.99');
    expect(figure('due-today')).toBe('$24.99');
  });

  it('shows over-payment credit as its own line, taken off the total, the usage fees unchanged', () => {
    const lines = priceLines(
      breakdownOfQuote(quote({ discountCode: null, usageVolume: '520000', credit: '5.00' })),
      { staging: false },
    );
    render(<PaymentSummaryCard title="Standard plan" lines={lines} />);
    expect(figure('base-price')).toBe('$64.98');
    expect(figure('usage-fees')).toBe('$10.00');
    expect(figure('credit')).toBe('−$5.00');
    expect(figure('total')).toBe('$69.98');
  });

  it('shows the credit a requested payment took, and no credit line without one', () => {
    const payment = testPayment(Date.now(), { amountDue: '44.98', creditApplied: '5.00' });
    const lines = priceLines(breakdownOfPayment(payment), { staging: false });
    const { unmount } = render(
      <PaymentSummaryCard
        title="Cycle 2"
        lines={lines}
        dueToday={lines.due}
        chargeUrl={payment.chargeHostedUrl}
      />,
    );
    expect(figure('usage-fees')).toBe('None');
    expect(figure('credit')).toBe('−$5.00');
    expect(figure('total')).toBe('$44.98');
    expect(figure('due-today')).toBe('$44.98');
    unmount();
    render(
      <PaymentSummaryCard
        title="Cycle 1"
        lines={priceLines(breakdownOfPayment(testPayment(Date.now())), { staging: false })}
      />,
    );
    expect(within(card()).queryByTestId('credit')).toBeNull();
  });

  it('shows the hosted charge as a QR code on larger screens only; the pay link everywhere', () => {
    const payment = testPayment(Date.now());
    const lines = priceLines(breakdownOfPayment(payment), { staging: false });
    setWidth(1440);
    const { unmount } = render(
      <PaymentSummaryCard title="Cycle 1" lines={lines} chargeUrl={payment.chargeHostedUrl} />,
    );
    expect(within(card()).getByRole('img', { name: 'QR code of the payment link' })).toBeTruthy();
    unmount();
    setWidth(375);
    render(<PaymentSummaryCard title="Cycle 1" lines={lines} chargeUrl={payment.chargeHostedUrl} />);
    expect(within(card()).queryByRole('img', { name: 'QR code of the payment link' })).toBeNull();
    expect(within(card()).getByRole('link', { name: /Pay \$49\.98/ })).toBeTruthy();
  });
});
