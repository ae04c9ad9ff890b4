import { Check, KeyRound, Lock, ShieldCheck, Wallet } from 'lucide-react';
import { EpicChart } from '@/components/illustrations/epic-chart.tsx';
import { buttonClassName } from '@/components/ui/button.tsx';
import type { PricingCardFigures } from '../lib/pricing-card.ts';
import styles from './hero.module.css';

export type HeroSectionProps = { signUpHref: string; figures: PricingCardFigures };

const TRUST = [
  { icon: Wallet, title: 'Funds stay with you', text: 'Money never leaves your exchange' },
  { icon: KeyRound, title: 'Trade-only keys', text: 'Keys that can withdraw are refused' },
  { icon: Lock, title: 'Encrypted at rest', text: 'Keys sealed with a master key' },
  { icon: ShieldCheck, title: 'Stop any time', text: 'Cancel, liquidate or remove the key' },
];

export const HeroSection = ({ signUpHref, figures }: HeroSectionProps) => (
  <section className={styles.hero} aria-labelledby="hero-title">
    <div className={styles.inner}>
      <div className={styles.copy}>
        <p className={styles.badge}>
          <span className={styles.dot} aria-hidden="true" />
          <span>
            <strong>1000+ traders</strong> automate their DCA
          </span>
        </p>
        <h1 id="hero-title" className={styles.h1}>
          Buy the dip on autopilot. <em>Sell the bounce.</em>
        </h1>
        <p className={styles.lead}>
          CDCA runs automated positions — <strong>epics</strong> — on your own exchange account. Set a budget
          and it buys in planned levels as the price drops, then sells everything at a take-profit above your
          average.
        </p>
        <div className={styles.actions}>
          <a className={buttonClassName('primary', 'lg')} href={signUpHref}>
            Start free
          </a>
          <a className={buttonClassName('secondary', 'lg')} href="#strategy">
            See how it works
          </a>
        </div>
        <ul className={styles.facts}>
          <li>
            <Check size={16} aria-hidden="true" /> Free until you make {figures.freeUntil}
          </li>
          <li>
            <Check size={16} aria-hidden="true" /> $0.00 due today
          </li>
          <li>
            <Check size={16} aria-hidden="true" /> Pay in crypto
          </li>
        </ul>
      </div>
      <figure className={styles.visual}>
        <div className={styles.card}>
          <div className={styles.cardHead}>
            <span className={styles.pair}>
              <span className={styles.coin} aria-hidden="true">
                BTC
              </span>
              <span>
                BTC-USD
                <span className={styles.pairSub}>Fibonacci · back load</span>
              </span>
            </span>
            <span className={styles.live}>Take-profit hit</span>
          </div>
          <EpicChart title="An example epic: the price falls through four buy levels, then rises to the take-profit" />
          <div className={styles.stats}>
            <div className={styles.stat}>
              <span className={styles.statLabel}>Budget</span>
              <span className={styles.statValue}>$5,000</span>
            </div>
            <div className={styles.stat}>
              <span className={styles.statLabel}>Levels</span>
              <span className={styles.statValue}>4 / 4</span>
            </div>
            <div className={styles.stat}>
              <span className={styles.statLabel}>Target</span>
              <span className={`${styles.statValue} ${styles.positive}`}>+3.0%</span>
            </div>
          </div>
        </div>
        <figcaption className={styles.caption}>
          How an epic works — an illustration, not a performance claim.
        </figcaption>
      </figure>
    </div>
    <ul className={styles.trust}>
      {TRUST.map(({ icon: Icon, title, text }) => (
        <li key={title}>
          <span className={styles.trustIcon} aria-hidden="true">
            <Icon size={18} />
          </span>
          <span>
            <strong>{title}</strong>
            {text}
          </span>
        </li>
      ))}
    </ul>
  </section>
);
