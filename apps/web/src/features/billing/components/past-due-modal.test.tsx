import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testPayment } from '../lib/test-payment.ts';
import { PastDueModal, type PastDueModalProps } from './past-due-modal.tsx';

const NOW = Date.parse('2025-10-10T12:00:00Z');

const renderModal = (props: Partial<PastDueModalProps> = {}) => {
  const onClose = vi.fn();
  render(
    <PastDueModal
      open
      payment={testPayment(NOW)}
      now={NOW}
      staging={false}
      renewing={false}
      renewFailed={false}
      onRetryRenew={() => undefined}
      onClose={onClose}
      {...props}
    />,
  );
  return { onClose, dialog: screen.getByRole('dialog') };
};

afterEach(cleanup);

describe('PastDueModal', () => {
  it('announces a new payment with its amount, due date, QR code and a VIEW PAYMENT link to the charge', () => {
    const { dialog } = renderModal();
    expect(within(dialog).getByRole('heading', { name: 'NEW PAYMENT REQUESTED' })).toBeTruthy();
    expect(dialog.textContent).toContain('$49.98');
    expect(dialog.textContent).toContain('October 15, 2025');
    expect(within(dialog).getByRole('img', { name: 'QR code of the payment link' })).toBeTruthy();
    const view = within(dialog).getByRole('link', { name: /VIEW PAYMENT/ });
    expect(view.getAttribute('href')).toBe('https://pay.example.test/sandbox-pay/ch_1');
  });

  it('titles a payment due within 24 hours PAST-DUE WARNING and says the account will be de-activated', () => {
    const { dialog } = renderModal({ payment: testPayment(NOW, { dueInHours: 5 }) });
    expect(within(dialog).getByRole('heading', { name: 'PAST-DUE WARNING' })).toBeTruthy();
    expect(dialog.textContent).toMatch(/due in 5 hours .* will be de-activated/);
  });

  it('closes with NOT NOW and with the close button', () => {
    const { onClose, dialog } = renderModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'NOT NOW' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('holds VIEW PAYMENT back while an expired charge is being replaced', () => {
    const { dialog } = renderModal({ renewing: true });
    expect(within(dialog).queryByRole('link', { name: /VIEW PAYMENT/ })).toBeNull();
    expect((within(dialog).getByRole('button', { name: /VIEW PAYMENT/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(dialog).getByRole('status').textContent).toMatch(/getting a fresh one/);
  });
});
