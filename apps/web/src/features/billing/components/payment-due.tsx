import type { TPayment } from '@cdca/contracts';
import { formatLongDate, formatLongDateTime } from '../lib/billing-dates.ts';
import { breakdownOfPayment, priceLines } from '../lib/price-lines.ts';
import styles from './billing.module.css';
import { PausedIntro } from './paused-intro.tsx';
import { PaymentStatusTag } from './payment-status-tag.tsx';
import { PaymentSummaryCard } from './payment-summary-card.tsx';

export type PaymentDueProps = {
  payment: TPayment;
  staging: boolean;
  renewing: boolean;
  failed: boolean;
  onRetry: () => void;
};

export const PaymentDue = ({ payment, staging, renewing, failed, onRetry }: PaymentDueProps) => {
  const lines = priceLines(breakdownOfPayment(payment), { staging });
  const overdue = payment.status === 'past-due';
  // Paid in full with money still unconfirmed: nothing to pay, and the account waits for the network
  // (docs/decisions/book-only-confirmed-money.md); a second pay link would invite paying twice.
  const confirming = payment.status === 'posted';
  return (
    <div className={styles.page}>
      <PausedIntro
        title={
          confirming
            ? 'Your payment is confirming'
            : overdue
              ? 'Your payment is past due'
              : 'Pay to reactivate your account'
        }
      >
        {confirming
          ? `Your payment of ${lines.confirming ?? lines.total} was seen and is waiting for the network to confirm it. Your account stays de-activated until then, and is active again at once after.`
          : overdue
            ? `The payment due on ${formatLongDateTime(payment.dueAt)} was not paid, so your account is de-activated: your epics are paused and nothing is bought or sold for you. Pay ${lines.due} and your account is active again at once, for a full 30 days.`
            : `Pay ${lines.due} to reactivate your account for a full 30 days. Your epics stay paused until then.`}
      </PausedIntro>
      <PaymentSummaryCard
        title={`Cycle ${payment.cycle}`}
        subtitle={`${formatLongDate(payment.cycleStart)} – ${formatLongDate(payment.cycleEnd)}`}
        badge={<PaymentStatusTag status={payment.status} />}
        lines={lines}
        {...(confirming ? {} : { dueToday: lines.due })}
        chargeUrl={renewing || confirming ? null : payment.chargeHostedUrl}
        staging={staging}
        footnote={
          <>
            Requested on {formatLongDate(payment.createdAt)} · due {formatLongDateTime(payment.dueAt)}
            {renewing ? (
              <span role="status" className={styles.block}>
                The last payment link expired; getting a fresh one…
              </span>
            ) : null}
            {failed ? (
              <span role="alert" className={styles.block}>
                Could not get a fresh payment link.{' '}
                <button type="button" className={styles.linkButton} onClick={onRetry}>
                  Try again
                </button>
              </span>
            ) : null}
          </>
        }
      />
      <p className={styles.aside}>
        Pay in any coin or wallet through the hosted charge page; USDC is recommended. You come back here once
        it is paid.
      </p>
    </div>
  );
};
