import { PauseCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card.tsx';
import styles from './billing.module.css';

export type PausedIntroProps = { title: string; children: ReactNode };

/** The /payment heading for an account that cannot trade right now. */
export const PausedIntro = ({ title, children }: PausedIntroProps) => (
  <Card as="section" className={styles.intro}>
    <span className={styles.introIcon} aria-hidden="true">
      <PauseCircle size={26} />
    </span>
    <div className={styles.introText}>
      <h1 className={styles.introTitle}>{title}</h1>
      <p className={styles.introLead}>{children}</p>
    </div>
  </Card>
);
