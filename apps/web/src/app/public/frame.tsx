import type { ReactNode } from 'react';
import { PublicLayout } from '@/components/layouts/public-layout.tsx';
import { LaunchBanners } from '@/features/landing/components/launch-banners.tsx';
import { usePricingCardFigures } from '@/features/landing/hooks/use-pricing-card-figures.ts';
import { LANDING_SECTIONS } from '@/features/landing/lib/sections.ts';
import { type PublicConfig, usePublicConfig } from './config.tsx';

export type PublicFrameProps = {
  children: ReactNode;
  landing?: boolean;
  activeSection?: string | null;
  /** Show the launch countdown and deal banners above the header. */
  banners?: boolean;
};

/** Where "Sign up" leads: with the launch deal on, the launch referral code rides along (docs/product.md §2 /login). */
export const signUpHrefFor = (config: Pick<PublicConfig, 'launchDeal' | 'launchReferralCode'>): string =>
  config.launchDeal
    ? `/login?signup=1&rc=${encodeURIComponent(config.launchReferralCode)}`
    : '/login?signup=1';

/** The public layout fed from the runtime config. */
export const PublicFrame = ({
  children,
  landing = false,
  activeSection = null,
  banners = false,
}: PublicFrameProps) => {
  const config = usePublicConfig();
  const figures = usePricingCardFigures(config.launchDeal, config.billing.freeProfitAllowance);
  const signUpHref = signUpHrefFor(config);
  return (
    <PublicLayout
      links={config.links}
      beta={config.appEnv === 'staging'}
      sections={LANDING_SECTIONS}
      onLandingPage={landing}
      activeSection={activeSection}
      signUpHref={signUpHref}
      banners={
        banners ? (
          <LaunchBanners
            launchAt={config.launchAt}
            deal={config.launchDeal ? figures : null}
            signUpHref={signUpHref}
          />
        ) : null
      }
    >
      {children}
    </PublicLayout>
  );
};
