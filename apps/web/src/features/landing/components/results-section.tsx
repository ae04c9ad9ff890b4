import { ChartLine, History, Share2 } from 'lucide-react';
import styles from './landing.module.css';

const ITEMS = [
  {
    icon: ChartLine,
    title: 'Live, level by level',
    text: 'Watch each epic fill its DCA levels, track your average buy price and see the take-profit move with it.',
  },
  {
    icon: History,
    title: 'Every close in history',
    text: 'When the sell order fills the epic closes by itself and lands in your history with its profit.',
  },
  {
    icon: Share2,
    title: 'Shareable stats',
    text: 'Generate a stats report of your closed epics and share it with the community.',
  },
];

export const ResultsSection = () => (
  <section id="results" className={styles.section} aria-labelledby="results-title">
    <span className={styles.eyebrow}>Results</span>
    <h2 id="results-title" className={styles.h2}>
      Results you can check, epic by epic
    </h2>
    <p className={styles.lead}>
      No black box: every order an epic places is on your own exchange account, and every closed epic is
      recorded with what it bought, what it sold and the fees it paid.
    </p>
    <div className={styles.grid3}>
      {ITEMS.map(({ icon: Icon, title, text }) => (
        <article key={title} className={styles.tile}>
          <span className={styles.tileIcon} aria-hidden="true">
            <Icon size={20} />
          </span>
          <h3 className={styles.tileTitle}>{title}</h3>
          <p className={styles.tileText}>{text}</p>
        </article>
      ))}
    </div>
  </section>
);
