import type { TAccount } from '@cdca/contracts';
import { useBillingSync } from '../hooks/use-billing-sync.ts';
import { usePastDueModal } from '../hooks/use-past-due-modal.ts';
import { usePaymentReturn } from '../hooks/use-payment-return.ts';
import { PastDueModal } from './past-due-modal.tsx';

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
  );
};
