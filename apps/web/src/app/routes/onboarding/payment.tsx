import { PaymentStep } from '@/features/onboarding/components/payment-step.tsx';
import { useAccount } from '@/lib/auth/use-account.ts';
import { readString } from '@/lib/storage/storage.ts';

export default function PaymentRoute() {
  const account = useAccount();
  const discountCode = account.signupReferralCode ?? readString('referralCode');
  return <PaymentStep discountCode={discountCode} reactivating={account.status !== 'pending-payment'} />;
}
