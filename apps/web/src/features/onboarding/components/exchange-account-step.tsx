import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { useCompleteOnboardingStep } from '../api/complete-onboarding-step.ts';
import styles from './onboarding.module.css';
import { StepHeader } from './step-header.tsx';

export type ExchangeAccountStepProps = {
  /** The verified account card, composed by the route. */
  children: ReactNode;
  canContinue: boolean;
};

export const ExchangeAccountStep = ({ children, canContinue }: ExchangeAccountStepProps) => {
  const complete = useCompleteOnboardingStep('coinbase-account');
  return (
    <div className={styles.stack}>
      <StepHeader title="Confirm your exchange account">
        Your key checks out. This is the account CDCA will trade in — confirm it is the right portfolio.
      </StepHeader>
      {children}
      <div className={styles.footer}>
        <span className={styles.note}>Balances are read live from the exchange and never moved by CDCA.</span>
        <Button
          size="lg"
          disabled={!canContinue}
          loading={complete.isPending}
          onClick={() => complete.mutate({})}
        >
          Continue
        </Button>
      </div>
    </div>
  );
};
