import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { PlanOfferCard } from '@/features/billing/components/plan-offer-card.tsx';
import { ReactivationPanel } from '@/features/billing/components/reactivation-panel.tsx';
import { useBillingSync } from '@/features/billing/hooks/use-billing-sync.ts';
import { usePaymentReturn } from '@/features/billing/hooks/use-payment-return.ts';
import { PaymentStep } from '@/features/onboarding/components/payment-step.tsx';
import { useAccount } from '@/lib/auth/use-account.ts';

/**
 * /payment: a new account accepts its plan ($0.00 due today); a de-activated one pays what is due to come back.
 * A trader back from the hosted charge page may land here first, so the pid check runs here too (docs/product.md §4).
 */
export default function PaymentRoute() {
  const account = useAccount();
  const config = useRuntimeConfig();
  const staging = config.appEnv === 'staging';
  useBillingSync(account.id);
  usePaymentReturn(account);
  if (account.status === 'pending-payment') {
    return <PaymentStep summary={<PlanOfferCard accountId={account.id} staging={staging} />} />;
  }
  return <ReactivationPanel account={account} staging={staging} />;
}
