import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { useCompleteOnboardingStep } from '../api/complete-onboarding-step.ts';
import styles from './onboarding.module.css';
import { PlanSummary } from './plan-summary.tsx';
import { StepHeader } from './step-header.tsx';

export type PaymentStepProps = {
  /** The payment summary card (features/billing, composed by the route): price, discount, $0.00 due today. */
  summary: ReactNode;
};

/** Onboarding's plan step: a new account sees its price and discount, owes nothing today, and accepts. */
export const PaymentStep = ({ summary }: PaymentStepProps) => {
  const complete = useCompleteOnboardingStep('payment');
  return (
    <div className={styles.stack}>
      <StepHeader title="Choose your plan">
        Nothing to pay today. CDCA is free until your epics make $100; after that it is billed every 30 days
        in crypto.
      </StepHeader>
      <div className={styles.split}>
        {summary}
        <PlanSummary />
      </div>
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
