import type { TBillingState, TBillingSummary } from '@cdca/contracts';
import { formatUsd, money } from '@cdca/engine';
import { Card } from '@/components/ui/card.tsx';
import { Tag, type TagTone } from '@/components/ui/tag.tsx';
import { formatLongDate, formatLongDateTime } from '../lib/billing-dates.ts';
import { breakdownOfQuote, formatUsdShort, priceLines } from '../lib/price-lines.ts';
import styles from './billing.module.css';
import { DiscountBadge } from './discount-badge.tsx';

const STATE_TAG: Record<TBillingState, { tone: TagTone; label: string }> = {
  free: { tone: 'green', label: 'Free account' },
  allowance: { tone: 'green', label: 'Free allowance' },
  billing: { tone: 'blue', label: 'Billed every 30 days' },
  cancelled: { tone: 'neutral', label: 'Cancelled' },
};

export type PlanCardProps = { summary: TBillingSummary; staging: boolean };

/** Settings → billing: the plan, its discount, the price per cycle and the next dates. */
export const PlanCard = ({ summary, staging }: PlanCardProps) => {
  const lines = priceLines(breakdownOfQuote(summary.quote), { staging: staging || summary.quote.staging });
  const tag = STATE_TAG[summary.state];
  return (
    <Card as="section" aria-labelledby="plan-title" className={styles.panel}>
      <div className={styles.summaryHead}>
        <h2 id="plan-title" className={styles.summaryTitle}>
          {summary.plan.name} plan{summary.plan.tier === 'partner' ? ' · partner' : ''}
        </h2>
        <Tag tone={tag.tone}>{tag.label}</Tag>
      </div>
      <p className={styles.price}>
        {lines.struckPrice ? <s className={styles.struck}>{lines.struckPrice}</s> : null}
        <span className={styles.priceNow}>{lines.basePrice}</span>
        <span className={styles.per}> every {summary.plan.cycleDays} days</span>
      </p>
      {summary.discountCode ? <DiscountBadge code={summary.discountCode} savings={lines.savings} /> : null}
      <dl className={styles.facts}>
        <div>
          <dt>Next payment</dt>
          <dd>{nextPaymentText(summary)}</dd>
        </div>
        <div>
          <dt>Next due date</dt>
          <dd data-testid="next-due">
            {summary.nextDueAt ? formatLongDateTime(summary.nextDueAt) : 'Nothing due'}
          </dd>
        </div>
        {summary.credit !== '0.00' ? (
          <div>
            <dt>Credit</dt>
            <dd data-testid="credit">
              {formatUsd(money(summary.credit))} off your next payment (over-paid earlier)
            </dd>
          </div>
        ) : null}
        {summary.billingStartedAt ? (
          <div>
            <dt>Billing since</dt>
            <dd>{formatLongDate(summary.billingStartedAt)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Time to pay</dt>
          <dd>{summary.plan.daysToPay} days after each request</dd>
        </div>
      </dl>
    </Card>
  );
};

const nextPaymentText = (summary: TBillingSummary): string => {
  if (summary.state === 'free') return 'Never: your account is free';
  if (summary.state === 'cancelled') return 'None: your plan is cancelled';
  if (summary.state === 'allowance') {
    return `Once your epics make ${formatUsdShort(summary.allowance.limit)} in profit`;
  }
  if (summary.nextPaymentAt) return formatLongDate(summary.nextPaymentAt);
  return summary.nextDueAt ? 'After the payment due now' : 'Soon';
};
