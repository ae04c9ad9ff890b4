import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card.tsx';
import styles from './admin-charts.module.css';

export type ChartCardProps = {
  id: string;
  title: string;
  figure: ReactNode;
  note: string;
  children: ReactNode;
};

/** One card of the owner's charts: its title with the figure beside it, what it counts, then the chart. */
export const ChartCard = ({ id, title, figure, note, children }: ChartCardProps) => (
  <Card as="section" aria-labelledby={id} className={styles.card} data-chart={id}>
    <div className={styles.head}>
      <h3 id={id} className={styles.title}>
        {title}
      </h3>
      <span className={`${styles.figure} num`}>{figure}</span>
    </div>
    <p className={styles.note}>{note}</p>
    {children}
  </Card>
);
