import type { TPayment } from '@cdca/contracts';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { formatLongDate, formatLongDateTime, timeLeft } from '../lib/billing-dates.ts';
import { isUnpaid } from '../lib/past-due-rules.ts';
import type { PriceLines } from '../lib/price-lines.ts';
import styles from './billing.module.css';
import { ChargeQr } from './charge-qr.tsx';
import { PayLink } from './pay-link.tsx';
import { PaymentStatusTag } from './payment-status-tag.tsx';

export type PaymentCardProps = {
  payment: TPayment;
  lines: PriceLines;
  now: number;
  showStatus?: boolean;
  showDueDate?: boolean;
  /** 'bottom' leaves the side QR out (the caller shows the charge elsewhere); 'none' never shows it. */
  qr?: 'side' | 'bottom' | 'none';
  /** Whether the card carries its own pay link (the past-due modal has its own button). */
  payLink?: boolean;
};

/**
 * docs/product.md §2 payment card: the QR code of the hosted charge link, the creation date in long US format, an optional
 * status tag and due date. The QR is hidden on mobile and when placed at the bottom.
 */
export const PaymentCard = ({
  payment,
  lines,
  now,
  showStatus = true,
  showDueDate = true,
  qr = 'side',
  payLink = true,
}: PaymentCardProps) => {
  const mobile = useIsMobile();
  const open = isUnpaid(payment);
  const chargeUrl = open ? payment.chargeHostedUrl : null;
  const showQr = qr === 'side' && !mobile && chargeUrl !== null;
  return (
    <article className={styles.paymentCard} aria-label={`Payment of ${formatLongDate(payment.createdAt)}`}>
      {showQr && chargeUrl ? <ChargeQr url={chargeUrl} size={112} /> : null}
      <div className={styles.paymentBody}>
        <header className={styles.paymentHead}>
          <div>
            <h3 className={styles.paymentDate}>{formatLongDate(payment.createdAt)}</h3>
            <p className={styles.paymentCycle}>
              Cycle {payment.cycle} · {formatLongDate(payment.cycleStart)} –{' '}
              {formatLongDate(payment.cycleEnd)}
            </p>
          </div>
          {showStatus ? <PaymentStatusTag status={payment.status} /> : null}
        </header>
        <dl className={styles.paymentFacts}>
          <div>
            <dt>Amount</dt>
            <dd>
              {/* The struck Standard price compares base prices: beside a total with fees or credit it would mislead. */}
              {lines.struckPrice && !lines.usageFees && !lines.credit ? (
                <s className={styles.struck}>
                  <span className="visually-hidden">was </span>
                  {lines.struckPrice}
                </s>
              ) : null}
              {lines.total}
            </dd>
          </div>
          {lines.usageFees ? (
            <div>
              <dt>Usage fees</dt>
              <dd>{lines.usageFees}</dd>
            </div>
          ) : null}
          {lines.credit ? (
            <div>
              <dt>Credit</dt>
              <dd className={styles.credit}>{lines.credit}</dd>
            </div>
          ) : null}
          {showDueDate && open ? (
            <div>
              <dt>Due</dt>
              <dd>
                {formatLongDateTime(payment.dueAt)}
                <span className={styles.muted}> · {timeLeft(payment.dueAt, now)}</span>
              </dd>
            </div>
          ) : null}
          {payment.paidAt ? (
            <div>
              <dt>Paid on</dt>
              <dd>{formatLongDate(payment.paidAt)}</dd>
            </div>
          ) : null}
        </dl>
        {payLink && chargeUrl ? (
          <div className={styles.payRow}>
            <PayLink url={chargeUrl} amount={lines.due} size="md" block={mobile} />
          </div>
        ) : null}
      </div>
    </article>
  );
};
