import type { ReactNode } from 'react';
import { Card } from './card.tsx';
import styles from './panel.module.css';

export type PanelProps = {
  /** The heading's id; the section is labelled by it. */
  titleId: string;
  title: ReactNode;
  /** A small accent icon before the title. */
  icon: ReactNode;
  /** What sits at the end of the head row (a count, a live badge). */
  aside?: ReactNode;
  children: ReactNode;
};

/** A dashboard panel: a card section with an icon-led heading and an optional aside in its head row. */
export const Panel = ({ titleId, title, icon, aside, children }: PanelProps) => (
  <Card as="section" aria-labelledby={titleId} className={styles.panel}>
    <div className={styles.head}>
      <h2 id={titleId} className={styles.title}>
        {icon}
        {title}
      </h2>
      {aside}
    </div>
    {children}
  </Card>
);
