import type { PricingCardFigures } from '../lib/pricing-card.ts';
import styles from './banners.module.css';

export type LaunchDealBannerProps = { figures: PricingCardFigures; signUpHref: string };

/** docs/product.md §1: shown only while the launch-deal setting is on. */
export const LaunchDealBanner = ({ figures, signUpHref }: LaunchDealBannerProps) => (
  <section className={`${styles.bar} ${styles.deal}`} aria-label="Launch-day deal">
    <span className={styles.dealTag}>Launch-day deal</span>
    <span className={styles.dealText}>
      {figures.savingsForLife} off for life: {figures.price} <s>{figures.struckPrice}</s> every{' '}
      {figures.cycleDays} days.
    </span>
    <a className={styles.dealLink} href={signUpHref}>
      Claim the deal →
    </a>
  </section>
);
