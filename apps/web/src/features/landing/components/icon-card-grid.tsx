import type { LucideIcon } from 'lucide-react';
import styles from './pages.module.css';

export type IconCard = { icon: LucideIcon; title: string; text: string };

/** A row of cards, each an accent icon over a short title and a line of text. */
export const IconCardGrid = ({ cards }: { cards: readonly IconCard[] }) => (
  <div className={styles.cards}>
    {cards.map(({ icon: Icon, title, text }) => (
      <div key={title} className={styles.card}>
        <span className={styles.cardIcon} aria-hidden="true">
          <Icon size={20} />
        </span>
        <h2 className={styles.cardTitle}>{title}</h2>
        <p className={styles.cardText}>{text}</p>
      </div>
    ))}
  </div>
);
