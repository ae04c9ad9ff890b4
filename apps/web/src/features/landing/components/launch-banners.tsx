import type { PricingCardFigures } from '../lib/pricing-card.ts';
import { CountdownBanner } from './countdown-banner.tsx';
import { LaunchDealBanner } from './launch-deal-banner.tsx';

export type LaunchBannersProps = {
  launchAt: string;
  /** Set only while the launch-deal setting is on. */
  deal: PricingCardFigures | null;
  signUpHref: string;
};

/** The banners above the public pages: the launch countdown, and the launch-day deal while it is on. */
export const LaunchBanners = ({ launchAt, deal, signUpHref }: LaunchBannersProps) => (
  <>
    <CountdownBanner launchAt={launchAt} />
    {deal?.savingsForLife ? <LaunchDealBanner figures={deal} signUpHref={signUpHref} /> : null}
  </>
);
