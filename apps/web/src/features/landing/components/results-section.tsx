import type { CSSProperties } from 'react';
import { GALLERY_LOOP_MS, RESULT_CARDS, resultAlt } from '../lib/results.ts';
import shared from './landing.module.css';
import styles from './results.module.css';

const loopStyle = { '--loop-duration': `${GALLERY_LOOP_MS}ms` } as CSSProperties;

const STATS = [
  { value: '1000+', label: 'traders on CDCA' },
  { value: '24/7', label: 'the engine watches your levels' },
  { value: '0', label: 'withdrawals a CDCA key can make' },
];

/**
 * The results gallery (docs/product.md §1, §9): 11 result cards scrolling in a loop of about 36.7 s, paused while the
 * pointer or focus is on it, and still for readers who ask for reduced motion.
 */
export const ResultsSection = () => (
  <section
    id="results"
    tabIndex={-1}
    className={`${shared.section} ${shared.bleed}`}
    aria-labelledby="results-title"
  >
    <div className={`${shared.head} ${shared.centered} ${shared.inset}`}>
      <span className={shared.eyebrow}>Results</span>
      <h2 id="results-title" className={shared.h2}>
        Closed epics, <em>ready to share</em>
      </h2>
      <p className={shared.lead}>
        Every epic that closes leaves a result card — the coin, the levels it bought, the profit and how many
        days it took — ready to share with the community.
      </p>
    </div>
    <div className={styles.gallery} style={loopStyle}>
      <ul className={styles.track} aria-label="Result cards">
        {[false, true].map((duplicate) =>
          RESULT_CARDS.map((card) => (
            <li
              key={`${card.src}${duplicate ? '#2' : ''}`}
              className={duplicate ? `${styles.card} ${styles.duplicate}` : styles.card}
              aria-hidden={duplicate || undefined}
            >
              <img
                src={card.src}
                alt={duplicate ? '' : resultAlt(card)}
                width={320}
                height={420}
                loading="lazy"
                decoding="async"
              />
            </li>
          )),
        )}
      </ul>
    </div>
    <p className={`${styles.note} ${shared.inset}`}>
      Example cards. Results vary: an epic can also wait out a downturn or close at a loss.
    </p>
    <ul className={`${styles.stats} ${shared.inset}`}>
      {STATS.map((stat) => (
        <li key={stat.label}>
          <span className={styles.statValue}>{stat.value}</span>
          <span className={styles.statLabel}>{stat.label}</span>
        </li>
      ))}
    </ul>
  </section>
);
