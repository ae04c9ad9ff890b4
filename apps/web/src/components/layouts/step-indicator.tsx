import { Check } from 'lucide-react';
import styles from './onboarding-layout.module.css';
import { ONBOARDING_STEPS } from './onboarding-steps.ts';

export type StepIndicatorProps = { current: number };

/** Where the user is in onboarding: done, current and upcoming steps. */
export const StepIndicator = ({ current }: StepIndicatorProps) => (
  <nav aria-label="Onboarding progress" className={styles.steps}>
    <p className={styles.stepCount}>
      Step {Math.max(current, 0) + 1} of {ONBOARDING_STEPS.length}
    </p>
    <ol className={styles.stepList}>
      {ONBOARDING_STEPS.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li
            key={step.path}
            className={styles[state]}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.dot} aria-hidden="true">
              {state === 'done' ? <Check size={13} strokeWidth={3} /> : index + 1}
            </span>
            <span className={styles.stepLabel}>
              {step.label}
              {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  </nav>
);
