import { Check } from 'lucide-react';
import { EpicChart } from '@/components/illustrations/epic-chart.tsx';
import { buttonClassName } from '@/components/ui/button.tsx';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import styles from './landing.module.css';

export type HeroSectionProps = { signUpHref: string };

export const HeroSection = ({ signUpHref }: HeroSectionProps) => (
  <section className={styles.hero} aria-labelledby="hero-title">
    <div className={styles.heroInner}>
      <div>
        <span className={styles.eyebrow}>Automated dollar-cost averaging</span>
        <h1 id="hero-title" className={styles.h1}>
          Buy the dip on autopilot. <em>Sell the bounce.</em>
        </h1>
        <p className={styles.lead}>
          CDCA runs automated positions — epics — on your own exchange account. Set a budget, and it buys in
          planned steps as price drops, then takes profit above your average. Your funds never leave your
          exchange.
        </p>
        <div className={styles.heroActions}>
          <ButtonLink to={signUpHref} size="lg">
            Sign up
          </ButtonLink>
          <a href="#strategy" className={buttonClassName('secondary', 'lg')}>
            See how it works
          </a>
        </div>
        <ul className={styles.heroFacts}>
          <li>
            <Check size={16} aria-hidden="true" /> Free until you make $100
          </li>
          <li>
            <Check size={16} aria-hidden="true" /> Trade-only API keys
          </li>
          <li>
            <Check size={16} aria-hidden="true" /> Pay in crypto
          </li>
        </ul>
      </div>
      <div className={styles.heroCard}>
        <div className={styles.heroCardHead}>
          <span className={styles.heroCardTitle}>Example epic · BTC</span>
          <span style={{ color: 'var(--muted)' }}>4 DCA levels</span>
        </div>
        <EpicChart title="Example epic: price falls through four buy levels, then rises to the take-profit" />
        <div className={styles.stats}>
          <div className={styles.stat}>
            <span className={styles.statLabel}>Budget</span>
            <span className={styles.statValue}>$1,000</span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statLabel}>Levels</span>
            <span className={styles.statValue}>4 / 4</span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statLabel}>Sell spread</span>
            <span className={styles.statValue}>+3.0%</span>
          </div>
        </div>
        <p className={styles.caption}>Illustration of how an epic works — not a performance claim.</p>
      </div>
    </div>
  </section>
);
