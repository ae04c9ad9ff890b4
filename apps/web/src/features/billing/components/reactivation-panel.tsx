import type { TAccount } from '@cdca/contracts';
import { type TPaymentStatus, UNPAID_PAYMENT_STATUSES } from '@cdca/contracts';
import { errorMessage } from '@/lib/http/api-error.ts';
import { useBillingSummary } from '../api/get-billing-summary.ts';
import { usePayments } from '../api/get-payments.ts';
import { useFreshCharge } from '../hooks/use-fresh-charge.ts';
import { useServerNow } from '../hooks/use-server-now.ts';
import { firstUnpaid } from '../lib/past-due-rules.ts';
import styles from './billing.module.css';
import { NothingDue } from './nothing-due.tsx';
import { PausedIntro } from './paused-intro.tsx';
import { PaymentDue } from './payment-due.tsx';
import { SummarySkeleton } from './summary-skeleton.tsx';

/**
 * Unpaid, or paid with money the network has not confirmed yet: the latter never reactivates the account
 * (docs/decisions/book-only-confirmed-money.md), so the trader must see it confirming rather than "nothing is due".
 */
const OPEN_STATUSES: readonly TPaymentStatus[] = [...UNPAID_PAYMENT_STATUSES, 'posted'];

export type ReactivationPanelProps = { account: Pick<TAccount, 'id' | 'status'>; staging: boolean };

/**
 * /payment for a de-activated or deleted account (docs/product.md §2): what is owed, with the hosted charge to pay it;
 * paying reactivates the account, and the guard then moves the trader on by itself (account.updated).
 */
export const ReactivationPanel = ({ account, staging }: ReactivationPanelProps) => {
  const unpaid = usePayments(account.id, OPEN_STATUSES);
  const summary = useBillingSummary(account.id);
  const now = useServerNow(unpaid);
  const open = unpaid.data?.payments ?? [];
  const payment = firstUnpaid(open) ?? open.find((each) => each.status === 'posted');
  const charge = useFreshCharge(account.id, payment, now);

  if (account.status === 'deleted') {
    return (
      <PausedIntro title="This account was deleted">
        Nothing more will be requested. If you think this is a mistake, write to us through{' '}
        <a href="/support-public">support</a>.
      </PausedIntro>
    );
  }
  if (unpaid.isPending || summary.isPending) {
    return (
      <div className={styles.page}>
        <PausedIntro title="Your account is paused">Loading what is due…</PausedIntro>
        <SummarySkeleton />
      </div>
    );
  }
  if (unpaid.isError || summary.isError) {
    return (
      <PausedIntro title="Your account is paused">
        <span role="alert" className={styles.error}>
          {errorMessage(unpaid.error ?? summary.error, 'Could not load your payments.')}
        </span>{' '}
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            void unpaid.refetch();
            void summary.refetch();
          }}
        >
          Try again
        </button>
      </PausedIntro>
    );
  }
  if (payment) {
    return (
      <PaymentDue
        payment={payment}
        staging={staging}
        renewing={charge.renewing}
        failed={charge.failed}
        onRetry={charge.retry}
      />
    );
  }
  return <NothingDue accountId={account.id} summary={summary.data} />;
};
