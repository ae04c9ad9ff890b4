import type { TRuntimeConfig } from '@cdca/contracts';
import { startTransition, useEffect, useState } from 'react';
import type { PricingCardFigures } from '../lib/pricing-card.ts';
import { ClosingSection } from './closing-section.tsx';
import { CommunitySection } from './community-section.tsx';
import { FaqSection } from './faq-section.tsx';
import { HeroSection } from './hero-section.tsx';
import shared from './landing.module.css';
import { PricingSection } from './pricing-section.tsx';
import { ResultsSection } from './results-section.tsx';
import { StrategySection } from './strategy-section.tsx';

export type LandingPageProps = {
  figures: PricingCardFigures;
  links: TRuntimeConfig['links'];
  signUpHref: string;
  /** Called once every section is on the page (they render just after the hero). */
  onSectionsReady?: () => void;
};

/**
 * The public marketing page: results, pricing, strategy, community and questions (docs/product.md §2). The hero paints
 * first; the sections below the fold follow in a transition, which React renders in small slices, so the first
 * paint is not held up and the page never blocks input for long. A screen-high spacer holds their place, so
 * nothing on screen moves when they arrive.
 */
export const LandingPage = ({ figures, links, signUpHref, onSectionsReady }: LandingPageProps) => {
  const [sections, setSections] = useState(false);
  useEffect(() => startTransition(() => setSections(true)), []);
  useEffect(() => {
    if (sections) onSectionsReady?.();
  }, [sections, onSectionsReady]);

  return (
    <>
      <HeroSection signUpHref={signUpHref} figures={figures} />
      {sections ? (
        <BelowTheFold figures={figures} links={links} signUpHref={signUpHref} />
      ) : (
        <div className={shared.spacer} />
      )}
    </>
  );
};

const BelowTheFold = ({ figures, links, signUpHref }: Omit<LandingPageProps, 'onSectionsReady'>) => (
  <>
    <ResultsSection />
    <div className={shared.divider} />
    <PricingSection figures={figures} signUpHref={signUpHref} />
    <div className={shared.divider} />
    <StrategySection />
    <div className={shared.divider} />
    <CommunitySection links={links} />
    <div className={shared.divider} />
    <FaqSection />
    <ClosingSection figures={figures} signUpHref={signUpHref} chatHref={links.discordInvite} />
  </>
);
