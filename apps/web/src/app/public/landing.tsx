import { useCallback, useEffect, useState } from 'react';
import { PageSkeleton } from '@/components/ui/page-skeleton.tsx';
import { LandingPage } from '@/features/landing/components/landing-page.tsx';
import { useActiveSection } from '@/features/landing/hooks/use-active-section.ts';
import { usePricingCardFigures } from '@/features/landing/hooks/use-pricing-card-figures.ts';
import { LANDING_SECTIONS } from '@/features/landing/lib/sections.ts';
import { sendReferralClick } from '@/features/partners/lib/referral-click.ts';
import { readString, writeString } from '@/lib/storage/storage.ts';
import { usePublicConfig } from './config.tsx';
import { PublicFrame, signUpHrefFor } from './frame.tsx';

const SECTION_IDS = LANDING_SECTIONS.map((section) => section.id);

/**
 * Root entry for a visitor who is not signed in (docs/product.md §2): remembers `rc` as the referral code and `pid` as
 * the payment id, stores /dashboard as the page to open after sign-in, and shows the landing page.
 */
export const rememberEntryParams = (search: string): void => {
  const params = new URLSearchParams(search);
  const rc = params.get('rc');
  const pid = params.get('pid');
  if (rc) {
    // One click per browser and code: a reload of the same link is not a new visit.
    if (readString('referralCode') !== rc) sendReferralClick(rc);
    writeString('referralCode', rc);
  }
  if (pid) writeString('paymentId', pid);
};

/** A link to `/#section` from another page lands on that section once the page has rendered. */
const scrollToLocationHash = () => {
  const id = decodeURIComponent(window.location.hash.slice(1));
  if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
};

export const PublicLanding = () => {
  const config = usePublicConfig();
  const [sectionsReady, setSectionsReady] = useState(false);
  const activeSection = useActiveSection(SECTION_IDS, sectionsReady);
  const figures = usePricingCardFigures(config.launchDeal, config.billing.freeProfitAllowance);

  useEffect(() => {
    rememberEntryParams(window.location.search);
    writeString('lastPage', '/dashboard');
  }, []);

  const onSectionsReady = useCallback(() => {
    setSectionsReady(true);
    scrollToLocationHash();
  }, []);

  // Only while the launch deal's figures load, which the public site does before its first render.
  if (!figures) return <PageSkeleton label="Loading CDCA" />;
  return (
    <PublicFrame landing activeSection={activeSection} banners>
      <LandingPage
        onSectionsReady={onSectionsReady}
        figures={figures}
        links={config.links}
        signUpHref={signUpHrefFor(config)}
      />
    </PublicFrame>
  );
};
