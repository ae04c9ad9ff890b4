import { formatUsd, money } from '@cdca/engine';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Tag } from '@/components/ui/tag.tsx';
import { errorMessage } from '@/lib/http/api-error.ts';
import { useBillingSummary } from '../api/get-billing-summary.ts';
import { breakdownOfQuote, formatUsdShort, priceLines } from '../lib/price-lines.ts';
import styles from './billing.module.css';
import { PaymentSummaryCard } from './payment-summary-card.tsx';
import { SummarySkeleton } from './summary-skeleton.tsx';

export type PlanOfferCardProps = { accountId: string; staging: boolean };

/** The plan a new account accepts on /payment: its price and discount, and $0.00 due today (docs/decisions/billing-rules.md). */
export const PlanOfferCard = ({ accountId, staging }: PlanOfferCardProps) => {
  const summary = useBillingSummary(accountId);
  if (summary.isPending) return <SummarySkeleton />;
  if (summary.isError) {
    return (
      <Card as="section" aria-label="Payment summary">
        <p role="alert" className={styles.error}>
          {errorMessage(summary.error, 'Could not load your plan.')}
        </p>
        <Button variant="secondary" onClick={() => void summary.refetch()} className={styles.retry}>
          Try again
        </Button>
      </Card>
    );
  }
  const { quote, allowance, plan, dueToday } = summary.data;
  const lines = priceLines(breakdownOfQuote(quote), { staging: staging || quote.staging });
  const freeUntil = formatUsdShort(allowance.limit);
  return (
    <PaymentSummaryCard
      title={`${plan.name} plan`}
      subtitle={`Every ${plan.cycleDays} days, paid in crypto`}
      badge={
        quote.freeAccount ? (
          <Tag tone="green">Free account</Tag>
        ) : (
          <Tag tone="green">Free until you make {freeUntil}</Tag>
        )
      }
      lines={lines}
      dueToday={formatUsd(money(dueToday))}
      staging={staging || quote.staging}
      footnote={
        quote.freeAccount
          ? 'Your account is free: nothing will ever be requested.'
          : `Billing starts once your epics make ${freeUntil} in realised profit. Then ${lines.total} is requested every ${plan.cycleDays} days, with ${plan.daysToPay} days to pay.`
      }
    />
  );
};
