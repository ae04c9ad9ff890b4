import { CalendarClock, Check, CircleDollarSign, Coins, PiggyBank } from 'lucide-react';
import { PublicLink } from '@/components/layouts/public-layout-link.tsx';
import { buttonClassName } from '@/components/ui/button.tsx';
import type { PricingCardFigures } from '../lib/pricing-card.ts';
import shared from './landing.module.css';
import styles from './pricing.module.css';

export type PricingSectionProps = { figures: PricingCardFigures; signUpHref: string };

/** The pricing card (docs/product.md §1, §9), from the billing tables: Standard, or the launch deal when it is on. */
export const PricingSection = ({ figures, signUpHref }: PricingSectionProps) => {
  const points = [
    {
      icon: PiggyBank,
      title: `Free until you make ${figures.freeUntil}`,
      text: `Billing starts once your epics have made you ${figures.freeUntil} in profit. Until then it costs nothing.`,
    },
    {
      icon: Coins,
      title: 'Crypto only — USDC recommended',
      text: 'Pay each invoice through a hosted payment link with any coin and any wallet.',
    },
    {
      icon: CalendarClock,
      title: `Every ${figures.cycleDays} days, ${figures.daysToPay} days to pay`,
      text: 'An unpaid invoice pauses trading; paying turns it straight back on.',
    },
    {
      icon: CircleDollarSign,
      title: 'A portfolio of $5k or more',
      text: 'We recommend at least $5k so every DCA level clears the exchange’s minimum order size.',
    },
  ];
  return (
    <section id="pricing" tabIndex={-1} className={shared.section} aria-labelledby="pricing-title">
      <div className={styles.layout}>
        <div>
          <div className={shared.head}>
            <span className={shared.eyebrow}>Pricing</span>
            <h2 id="pricing-title" className={shared.h2}>
              One plan. <em>Free until it pays for itself.</em>
            </h2>
            <p className={shared.lead}>
              No card, no trial clock: you pay nothing until CDCA has made you money, and then one flat price
              per cycle.
            </p>
          </div>
          <ul className={styles.points}>
            {points.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <span className={styles.pointIcon} aria-hidden="true">
                  <Icon size={20} />
                </span>
                <span>
                  <span className={styles.pointTitle}>{title}</span>
                  <span className={styles.pointText}>{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <article className={styles.card} aria-labelledby="plan-name">
          <div className={styles.cardHead}>
            <h3 id="plan-name" className={styles.plan}>
              Standard plan
            </h3>
            {figures.savingsForLife ? (
              <span className={styles.ribbon}>{figures.savingsForLife} OFF FOR LIFE</span>
            ) : (
              <span className={styles.freeTag}>Free until you make {figures.freeUntil}</span>
            )}
          </div>
          <p className={styles.price}>
            <span className={styles.amount} data-testid="plan-price">
              {figures.price}
            </span>
            {figures.struckPrice ? (
              <s className={styles.struck}>
                <span className="visually-hidden">instead of </span>
                {figures.struckPrice}
              </s>
            ) : null}
            <span className={styles.per}>per {figures.cycleDays} days</span>
          </p>
          <p className={styles.due}>
            Due today <strong>$0.00</strong>
          </p>
          <ul className={styles.checks}>
            <li>
              <Check size={16} aria-hidden="true" />
              Unlimited epics on your own exchange account
            </li>
            <li>
              <Check size={16} aria-hidden="true" />
              Live dashboard, history, stats reports and alerts
            </li>
            <li>
              <Check size={16} aria-hidden="true" />
              Usage fees only beyond {figures.includedVolume} of volume per cycle
            </li>
            <li>
              <Check size={16} aria-hidden="true" />
              {figures.savingsForLife
                ? `The launch price stays yours for the life of your account`
                : 'Referral codes lower the price for life'}
            </li>
          </ul>
          <a className={buttonClassName('primary', 'lg', true)} href={signUpHref}>
            {figures.savingsForLife ? 'Claim the launch deal' : 'Start free'}
          </a>
          <p className={styles.small}>
            Paid in crypto, USDC recommended · <PublicLink href="/plans">Compare all plans</PublicLink>
          </p>
        </article>
      </div>
    </section>
  );
};
