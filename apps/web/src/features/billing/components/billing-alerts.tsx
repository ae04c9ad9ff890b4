import type { TAccount } from '@cdca/contracts';
import { lazy, Suspense } from 'react';
import { useBillingSync } from '../hooks/use-billing-sync.ts';
import { usePastDueModal } from '../hooks/use-past-due-modal.ts';
import { usePaymentReturn } from '../hooks/use-payment-return.ts';

/**
 * Loaded once an unpaid payment exists: most page loads have none, and the modal, the payment card and its price
 * lines are ~3 KB gzip on every signed-in first paint otherwise (docs/decisions/code-splitting.md). It is an overlay,
 * so arriving a moment later moves nothing on the page.
 */
const PastDueModal = lazy(() =>
  import('./past-due-modal.tsx').then(({ PastDueModal: modal }) => ({ default: modal })),
);

export type BillingAlertsProps = {
  account: Pick<TAccount, 'id' | 'status' | 'freeAccount'>;
  staging: boolean;
};

/**
 * Billing in the signed-in area: live payment updates, the pid return check (docs/product.md §4 step 5) and the
 * past-due modal, which waits until that check is done.
 */
export const BillingAlerts = ({ account, staging }: BillingAlertsProps) => {
  useBillingSync(account.id);
  const { returning } = usePaymentReturn(account);
  const modal = usePastDueModal(account, returning);
  if (!modal.payment) return null;
  return (
    <Suspense fallback={null}>
      <PastDueModal
        open={modal.open}
        payment={modal.payment}
        now={modal.now}
        staging={staging}
        renewing={modal.charge.renewing}
        renewFailed={modal.charge.failed}
        onRetryRenew={modal.charge.retry}
        onClose={modal.close}
      />
    </Suspense>
  );
};
