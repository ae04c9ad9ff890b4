import { LaunchOverview } from '@/features/landing/components/launch-overview.tsx';
import { usePricingCardFigures } from '@/features/landing/hooks/use-pricing-card-figures.ts';
import { PublicArticle } from '../article.tsx';
import { signedInHere } from '../boot.ts';
import { usePublicConfig } from '../config.tsx';
import { signUpHrefFor } from '../frame.tsx';

/** Before launch, active accounts wait here (docs/product.md §2); visitors see the countdown and the deal. */
export default function LaunchRoute() {
  const config = usePublicConfig();
  const figures = usePricingCardFigures(config.launchDeal, config.billing.freeProfitAllowance);
  const waiting = signedInHere();
  return (
    <PublicArticle
      eyebrow="Launch"
      title={config.launched ? 'CDCA is live' : waiting ? 'You’re all set for launch' : 'Launching soon'}
      lead={
        config.launched
          ? 'Automated dollar-cost averaging on your own exchange account is open to everyone.'
          : 'Trading opens for every account at the same moment. Until then, everything else is ready for you.'
      }
      wide
    >
      <LaunchOverview
        launchAt={config.launchAt}
        launched={config.launched}
        deal={config.launchDeal ? figures : null}
        signedIn={waiting}
        signUpHref={signUpHrefFor(config)}
        chatHref={config.links.discordInvite}
      />
    </PublicArticle>
  );
}
