import type { TRuntimeConfig } from '@cdca/contracts/runtime-config.ts';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { CommunitySection } from './community-section.tsx';
import { CountdownBanner } from './countdown-banner.tsx';
import { FaqSection } from './faq-section.tsx';
import { HeroSection } from './hero-section.tsx';
import styles from './landing.module.css';
import { PricingSection } from './pricing-section.tsx';
import { ResultsSection } from './results-section.tsx';
import { StrategySection } from './strategy-section.tsx';

export type LandingPageProps = { config: TRuntimeConfig };

/** The public marketing page: results, pricing, strategy, community and questions (SPEC.md §2). */
export const LandingPage = ({ config }: LandingPageProps) => {
  const signUpHref = config.launchDeal
    ? `/login?signup=1&rc=${encodeURIComponent(config.launchReferralCode)}`
    : '/login?signup=1';
  return (
    <>
      {config.launchDeal ? (
        <div className={styles.banner}>
          Launch-day deal: $15 off for life with code {config.launchReferralCode}
        </div>
      ) : null}
      <CountdownBanner launchAt={config.launchAt} />
      <HeroSection signUpHref={signUpHref} />
      <ResultsSection />
      <PricingSection signUpHref={signUpHref} />
      <StrategySection />
      <CommunitySection links={config.links} />
      <FaqSection />
      <section className={styles.section}>
        <div className={styles.cta}>
          <h2 className={styles.h2}>Put your DCA on autopilot</h2>
          <p className={styles.lead}>Sign up in a minute. $0.00 due today.</p>
          <ButtonLink to={signUpHref} size="lg">
            Sign up
          </ButtonLink>
        </div>
      </section>
    </>
  );
};
