import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card.tsx';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import type { PriceLines } from '../lib/price-lines.ts';
import styles from './billing.module.css';
import { ChargeQr } from './charge-qr.tsx';
import { DiscountBadge } from './discount-badge.tsx';
import { PayLink } from './pay-link.tsx';

export type PaymentSummaryCardProps = {
  lines: PriceLines;
  /** 'Standard plan', or 'Cycle 2' for a requested payment. */
  title: string;
  /** Under the title: what the price covers, e.g. the 30 days a payment pays for. */
  subtitle?: string;
  /** A tag beside the title (free allowance, status). */
  badge?: ReactNode;
  /** The amount due today, e.g. '$0.00' for a new account; leaves the row out when absent. */
  dueToday?: string;
  /** The hosted charge to pay; without one the card only shows the figures. */
  chargeUrl?: string | null;
  /** Shown under the figures, e.g. the due date. */
  footnote?: ReactNode;
  staging?: boolean;
};

/**
 * docs/product.md §2 payment summary card: discount code with its logo, the base price (the original struck through when
 * a code lowers it), usage fees, the total and "due today"; the hosted charge as a QR code on non-mobile screens
 * and a pay link everywhere.
 */
export const PaymentSummaryCard = ({
  lines,
  title,
  subtitle,
  badge,
  dueToday,
  chargeUrl,
  footnote,
  staging = false,
}: PaymentSummaryCardProps) => {
  const mobile = useIsMobile();
  return (
    <Card as="section" aria-label="Payment summary" className={styles.summary}>
      <div className={styles.summaryMain}>
        <div className={styles.summaryHead}>
          <div>
            <h2 className={styles.summaryTitle}>{title}</h2>
            {subtitle ? <p className={styles.summarySubtitle}>{subtitle}</p> : null}
          </div>
          {badge}
        </div>
        {lines.discountCode ? <DiscountBadge code={lines.discountCode} savings={lines.savings} /> : null}
        <dl className={styles.lines}>
          <div className={styles.line}>
            <dt>Base price</dt>
            <dd>
              {lines.struckPrice ? (
                <s className={styles.struck}>
                  <span className="visually-hidden">was </span>
                  {lines.struckPrice}
                </s>
              ) : null}
              <span data-testid="base-price">{lines.basePrice}</span>
            </dd>
          </div>
          <div className={styles.line}>
            <dt>Usage fees</dt>
            <dd data-testid="usage-fees">{lines.usageFees ?? <span className={styles.none}>None</span>}</dd>
          </div>
          {lines.credit ? (
            <div className={styles.line}>
              <dt>Over-payment credit</dt>
              <dd data-testid="credit" className={styles.credit}>
                {lines.credit}
              </dd>
            </div>
          ) : null}
          {lines.paidSoFar ? (
            <div className={styles.line}>
              <dt>Paid so far</dt>
              <dd>{lines.paidSoFar}</dd>
            </div>
          ) : null}
          {lines.confirming ? (
            <div className={styles.line}>
              <dt>Confirming</dt>
              <dd data-testid="confirming">
                {lines.confirming}
                <span className={styles.per}> · counted once the network confirms it</span>
              </dd>
            </div>
          ) : null}
          <div className={`${styles.line} ${styles.totalLine}`}>
            <dt>Total{staging ? <span className={styles.per}> (staging)</span> : null}</dt>
            <dd data-testid="total">{lines.total}</dd>
          </div>
          {dueToday !== undefined ? (
            <div className={`${styles.line} ${styles.dueLine}`} data-owed={dueToday !== '$0.00'}>
              <dt>Due today</dt>
              <dd data-testid="due-today">{dueToday}</dd>
            </div>
          ) : null}
        </dl>
        {footnote ? <div className={styles.footnote}>{footnote}</div> : null}
        {chargeUrl ? (
          <div className={styles.payRow}>
            <PayLink url={chargeUrl} amount={lines.due} block={mobile} />
          </div>
        ) : null}
      </div>
      {chargeUrl && !mobile ? (
        <aside className={styles.summaryQr} aria-label="Pay from your phone">
          <ChargeQr url={chargeUrl} size={156} />
          <p className={styles.qrHint}>
            Scan with your phone to pay in any coin or wallet. USDC recommended.
          </p>
        </aside>
      ) : null}
    </Card>
  );
};
