import type { ReactNode } from 'react';
import styles from './onboarding.module.css';

export type StepHeaderProps = { title: string; children: ReactNode };

export const StepHeader = ({ title, children }: StepHeaderProps) => (
  <header className={styles.head}>
    <h1 className={styles.title}>{title}</h1>
    <p className={styles.lead}>{children}</p>
  </header>
);
