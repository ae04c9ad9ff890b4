import { Clock } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import styles from './onboarding.module.css';
import { StepHeader } from './step-header.tsx';

export type ComingNextStepProps = { title: string; lead: string; stateTitle: string; children: string };

/** An honest placeholder for a step whose server side ships in a later release. */
export const ComingNextStep = ({ title, lead, stateTitle, children }: ComingNextStepProps) => (
  <div className={styles.stack}>
    <StepHeader title={title}>{lead}</StepHeader>
    <EmptyState icon={<Clock size={26} />} tag="Coming next" title={stateTitle}>
      {children}
    </EmptyState>
  </div>
);
