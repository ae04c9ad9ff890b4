import { PublicLink } from '@/components/layouts/public-layout-link.tsx';
import { FAQ_ITEMS } from '../lib/faq.ts';
import styles from './faq.module.css';
import { FaqAccordion } from './faq-accordion.tsx';
import shared from './landing.module.css';

export const FaqSection = () => (
  <section id="questions" tabIndex={-1} className={shared.section} aria-labelledby="faq-title">
    <div className={`${shared.head} ${shared.centered}`}>
      <span className={shared.eyebrow}>Questions</span>
      <h2 id="faq-title" className={shared.h2}>
        Frequently asked
      </h2>
    </div>
    <FaqAccordion items={FAQ_ITEMS} />
    <p className={styles.more}>
      Still wondering? <PublicLink href="/support-public">Search support or write to us</PublicLink>.
    </p>
  </section>
);
