import { Check } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import styles from './landing.module.css';

export type PricingSectionProps = { signUpHref: string };

const INCLUDED = [
  'Free until you make $100 — billing starts after that',
  'Unlimited epics on your own exchange account',
  'Pay with crypto: any coin or wallet, USDC recommended',
  'Usage fees only for volume beyond $500k per cycle',
  '5 days to pay each 30-day invoice',
];

export const PricingSection = ({ signUpHref }: PricingSectionProps) => (
  <section id="pricing" className={styles.section} aria-labelledby="pricing-title">
    <div className={styles.pricing}>
      <div>
        <span className={styles.eyebrow}>Pricing</span>
        <h2 id="pricing-title" className={styles.h2}>
          One plan. Free until it pays for itself.
        </h2>
        <p className={styles.lead}>
          You pay nothing today. Once your epics have made your first $100, the Standard plan is billed every
          30 days in crypto through a hosted charge link. We recommend a portfolio of at least $5k so the
          levels have room to work.
        </p>
      </div>
      <div className={styles.priceCard}>
        <span className={styles.eyebrow} style={{ marginBottom: 0 }}>
          Standard
        </span>
        <div className={styles.price}>
          <span className={styles.priceValue}>$64.98</span>
          <span style={{ color: 'var(--muted)' }}>per 30 days</span>
        </div>
        <p style={{ color: 'var(--accent)', fontWeight: 650 }}>$0.00 due today</p>
        <ul className={styles.checks}>
          {INCLUDED.map((item) => (
            <li key={item}>
              <Check size={16} aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
        <ButtonLink to={signUpHref} size="lg" block>
          Get started
        </ButtonLink>
      </div>
    </div>
  </section>
);
