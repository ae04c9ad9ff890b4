import type { TSkillLevel } from '@cdca/contracts';
import { useState } from 'react';
import { SkillLevelPicker } from '@/components/forms/skill-level-picker.tsx';
import { EpicChart } from '@/components/illustrations/epic-chart.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useCompleteOnboardingStep } from '../api/complete-onboarding-step.ts';
import styles from './onboarding.module.css';
import { StepHeader } from './step-header.tsx';

const STEPS = [
  {
    focus: 'levels',
    title: 'Your budget is split over DCA levels',
    text: 'Pick a coin and a budget. CDCA spreads it over levels below the start price — more weight where you choose.',
  },
  {
    focus: 'buys',
    title: 'It buys as the price drops',
    text: 'Each level fills as price reaches it, lowering your average buy price step by step.',
  },
  {
    focus: 'take-profit',
    title: 'Take-profit above your average',
    text: 'One sell order waits at your average buy price plus your sell spread, and moves down after every buy.',
  },
  {
    focus: 'closed',
    title: 'It closes and goes to history',
    text: 'When the sell fills, the epic closes on its own and lands in your history with its profit.',
  },
] as const;

export type BreakdownStepProps = { initialSkillLevel: TSkillLevel | null };

export const BreakdownStep = ({ initialSkillLevel }: BreakdownStepProps) => {
  const [skillLevel, setSkillLevel] = useState<TSkillLevel | null>(initialSkillLevel);
  const complete = useCompleteOnboardingStep('breakdown');
  return (
    <div className={styles.stack}>
      <StepHeader title="How epics work">
        An epic is one automated position on one coin. Here is its whole life in four steps.
      </StepHeader>
      <ol className={styles.explainer}>
        {STEPS.map((step, index) => (
          <li key={step.focus}>
            <EpicChart focus={step.focus} title={step.title} />
            <span className={styles.explainerNum}>STEP {index + 1}</span>
            <span className={styles.explainerTitle}>{step.title}</span>
            <span className={styles.explainerText}>{step.text}</span>
          </li>
        ))}
      </ol>
      <SkillLevelPicker value={skillLevel} onChange={setSkillLevel} legend="How experienced are you?" />
      <div className={styles.footer}>
        <span className={styles.note} id="breakdown-continue-hint" aria-live="polite">
          {skillLevel
            ? 'You can change this later in settings.'
            : 'Pick how experienced you are to continue: it orders your lessons.'}
        </span>
        <Button
          size="lg"
          disabled={!skillLevel}
          aria-describedby="breakdown-continue-hint"
          loading={complete.isPending}
          onClick={() => skillLevel && complete.mutate({ skillLevel })}
        >
          Continue
        </Button>
      </div>
    </div>
  );
};
