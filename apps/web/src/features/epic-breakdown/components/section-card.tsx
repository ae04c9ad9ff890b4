import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card.tsx';
import styles from './breakdown.module.css';

export type SectionCardProps = {
  /** The heading's id; the section is labelled by it. */
  titleId: string;
  title: ReactNode;
  /** A short line at the end of the head row (a count, what the section shows). */
  note?: ReactNode;
  children: ReactNode;
};

/** One section of the breakdown: a card with a titled head row and an optional note. */
export const SectionCard = ({ titleId, title, note, children }: SectionCardProps) => (
  <Card as="section" aria-labelledby={titleId}>
    <div className={styles.sectionHead}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {title}
      </h2>
      {note === undefined ? null : <span className={styles.sectionNote}>{note}</span>}
    </div>
    {children}
  </Card>
);
