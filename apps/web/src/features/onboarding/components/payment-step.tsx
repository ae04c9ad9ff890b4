import { Button } from '@/components/ui/button.tsx';
import { useCompleteOnboardingStep } from '../api/complete-onboarding-step.ts';
import styles from './onboarding.module.css';
import { PlanSummary } from './plan-summary.tsx';
import { StepHeader } from './step-header.tsx';

export type PaymentStepProps = { discountCode: string | null; reactivating: boolean };

export const PaymentStep = ({ discountCode, reactivating }: PaymentStepProps) => {
  const complete = useCompleteOnboardingStep('payment');
  return (
    <div className={styles.stack}>
      <StepHeader title={reactivating ? 'Reactivate your plan' : 'Choose your plan'}>
        Nothing to pay today. CDCA is free until your epics make $100; after that it is billed every 30 days
        in crypto.
      </StepHeader>
      <PlanSummary discountCode={discountCode} />
      <div className={styles.footer}>
        <span className={styles.note}>
          Billing is paid only in cryptocurrency through a hosted charge link.
        </span>
        <Button size="lg" loading={complete.isPending} onClick={() => complete.mutate({})}>
          Continue
        </Button>
      </div>
    </div>
  );
};
