import { buttonClassName } from '@/components/ui/button.tsx';
import type { PricingCardFigures } from '../lib/pricing-card.ts';
import styles from './closing.module.css';
import { CommunityLink } from './community-link.tsx';
import shared from './landing.module.css';

export type ClosingSectionProps = { figures: PricingCardFigures; signUpHref: string; chatHref: string };

export const ClosingSection = ({ figures, signUpHref, chatHref }: ClosingSectionProps) => (
  <section className={`${shared.section} ${styles.closing}`} aria-labelledby="closing-title">
    <div className={styles.band}>
      <h2 id="closing-title" className={styles.title}>
        Put your DCA on autopilot
      </h2>
      <p className={styles.text}>
        Sign up in a minute, connect a trade-only key and start your first epic. $0.00 due today — free until
        you make {figures.freeUntil}.
      </p>
      <div className={styles.actions}>
        <a className={buttonClassName('primary', 'lg')} href={signUpHref}>
          Start free
        </a>
        <CommunityLink href={chatHref}>Ask the community</CommunityLink>
      </div>
    </div>
  </section>
);
