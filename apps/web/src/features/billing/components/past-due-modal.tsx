import type { TPayment } from '@cdca/contracts';
import { ExternalLink, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button, buttonClassName } from '@/components/ui/button.tsx';
import { formatLongDateTime, timeLeft } from '../lib/billing-dates.ts';
import { pastDueTitle, type Urgency, urgencyOf } from '../lib/past-due-rules.ts';
import { breakdownOfPayment, priceLines } from '../lib/price-lines.ts';
import styles from './billing.module.css';
import { PaymentCard } from './payment-card.tsx';

export type PastDueModalProps = {
  open: boolean;
  payment: TPayment;
  now: number;
  staging: boolean;
  /** A fresh charge is being issued for an expired one: the pay button waits for it. */
  renewing: boolean;
  renewFailed: boolean;
  onRetryRenew: () => void;
  onClose: () => void;
};

const message = (urgency: Urgency, amount: string, dueAt: string, now: number) => {
  const due = formatLongDateTime(dueAt);
  if (urgency === 'overdue') {
    return `Your payment of ${amount} was due on ${due}. Pay it now to keep your epics running.`;
  }
  if (urgency === 'due-soon') {
    return `Your payment of ${amount} is due ${timeLeft(dueAt, now)} (${due}). If it is not paid by then, your account will be de-activated and your epics stop acting until you pay.`;
  }
  return `Your next 30 days of CDCA cost ${amount}, due by ${due}. Pay in any coin or wallet; USDC recommended.`;
};

/**
 * docs/product.md §2, §4 past-due modal: 'PAST-DUE WARNING' within 24 hours of the due date, else 'NEW PAYMENT
 * REQUESTED'; the payment card with its QR code; NOT NOW, the close button, and VIEW PAYMENT to the hosted charge.
 */
export const PastDueModal = ({
  open,
  payment,
  now,
  staging,
  renewing,
  renewFailed,
  onRetryRenew,
  onClose,
}: PastDueModalProps) => {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // Browsers without the dialog API (and jsdom) still get a visible, labelled dialog.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  const lines = priceLines(breakdownOfPayment(payment), { staging });
  const urgency = urgencyOf(payment, now);
  const chargeUrl = renewing ? null : payment.chargeHostedUrl;
  return (
    <dialog
      ref={ref}
      className={styles.modal}
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-urgency={urgency}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.modalBody}>
        <button type="button" className={styles.modalClose} onClick={onClose} aria-label="Close">
          <X size={18} aria-hidden="true" />
        </button>
        <h2 id={titleId} className={styles.modalTitle}>
          {pastDueTitle(payment, now)}
        </h2>
        <p id={textId} className={styles.modalText}>
          {message(urgency, lines.due, payment.dueAt, now)}
        </p>
        <PaymentCard
          payment={{ ...payment, chargeHostedUrl: chargeUrl }}
          lines={lines}
          now={now}
          payLink={false}
        />
        {renewing ? (
          <p className={styles.modalNote} role="status">
            The last payment link expired; getting a fresh one…
          </p>
        ) : null}
        {renewFailed ? (
          <p className={styles.modalNote} role="alert">
            Could not get a fresh payment link.{' '}
            <button type="button" className={styles.linkButton} onClick={onRetryRenew}>
              Try again
            </button>
          </p>
        ) : null}
        <div className={styles.modalActions}>
          <Button variant="secondary" onClick={onClose}>
            NOT NOW
          </Button>
          {chargeUrl ? (
            <a className={buttonClassName('primary')} href={chargeUrl}>
              VIEW PAYMENT
              <ExternalLink size={16} aria-hidden="true" />
            </a>
          ) : (
            <Button loading={renewing} disabled>
              VIEW PAYMENT
            </Button>
          )}
        </div>
      </div>
    </dialog>
  );
};
