import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/http/api-error.ts';
import { useBillingSummary } from '../api/get-billing-summary.ts';
import { usePayments } from '../api/get-payments.ts';
import { useFreshCharge } from '../hooks/use-fresh-charge.ts';
import { useServerNow } from '../hooks/use-server-now.ts';
import { firstUnpaid } from '../lib/past-due-rules.ts';
import { AllowanceCard } from './allowance-card.tsx';
import styles from './billing.module.css';
import { CancelPlanCard } from './cancel-plan-card.tsx';
import { PaymentsList } from './payments-list.tsx';
import { PlanCard } from './plan-card.tsx';

export type BillingSettingsProps = { accountId: string; staging: boolean };

/** Settings → billing: plan and discount, free allowance, payments, cancellation. */
export const BillingSettings = ({ accountId, staging }: BillingSettingsProps) => {
  const summary = useBillingSummary(accountId);
  const payments = usePayments(accountId);
  const now = useServerNow(payments);
  // The unpaid payment's link must be payable here too: an expired charge is renewed (docs/product.md §4).
  useFreshCharge(accountId, firstUnpaid(payments.data?.payments ?? []), now);

  if (summary.isPending || payments.isPending) {
    return (
      <div className={styles.settings} aria-busy="true">
        <span className="visually-hidden">Loading billing</span>
        {[0, 1].map((key) => (
          <Card key={key} className={styles.skeleton}>
            <Skeleton width="35%" height={20} />
            <Skeleton height={18} />
            <Skeleton height={18} />
          </Card>
        ))}
      </div>
    );
  }
  if (summary.isError || payments.isError) {
    return (
      <Card>
        <p role="alert" className={styles.error}>
          {errorMessage(summary.error ?? payments.error, 'Could not load your billing.')}
        </p>
        <Button
          variant="secondary"
          className={styles.retry}
          onClick={() => {
            void summary.refetch();
            void payments.refetch();
          }}
        >
          Try again
        </Button>
      </Card>
    );
  }
  return (
    <div className={styles.settings}>
      <div className={styles.settingsTop}>
        <PlanCard summary={summary.data} staging={staging} />
        <AllowanceCard summary={summary.data} />
      </div>
      <PaymentsList
        payments={payments.data.payments}
        total={payments.data.total ?? payments.data.payments.length}
        now={now}
        staging={staging}
      />
      <CancelPlanCard accountId={accountId} summary={summary.data} now={now} />
    </div>
  );
};
