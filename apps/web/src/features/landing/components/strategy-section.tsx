import styles from './landing.module.css';

const STEPS = [
  ['Exchange account', 'Open and verify an account on a supported exchange.'],
  ['Community', 'Join the community chat server — beta access is granted there.'],
  ['Connect API keys', 'Create trade-only keys. Keys that can transfer funds are refused.'],
  [
    'Create your first epic',
    'Pick a coin from top movers or search, set a budget, levels and spreads, then Create Epic.',
  ],
  ['Monitor', 'Follow every epic live on the dashboard or its breakdown page.'],
  ['Closing', 'When the take-profit sell fills, the epic closes automatically and moves to history.'],
  ['View and share stats', 'Generate a stats report and share your results.'],
  ['Tutorials', 'Learn the strategy in the academy, from first epic to advanced load types.'],
];

export const StrategySection = () => (
  <section id="strategy" className={styles.section} aria-labelledby="strategy-title">
    <span className={styles.eyebrow}>Strategy</span>
    <h2 id="strategy-title" className={styles.h2}>
      From sign-up to your first closed epic in 8 steps
    </h2>
    <ol className={styles.grid4} style={{ listStyle: 'none', padding: 0 }}>
      {STEPS.map(([title, text], index) => (
        <li key={title} className={styles.tile}>
          <span className={styles.stepNumber}>STEP {String(index + 1).padStart(2, '0')}</span>
          <h3 className={styles.tileTitle}>{title}</h3>
          <p className={styles.tileText}>{text}</p>
        </li>
      ))}
    </ol>
  </section>
);
