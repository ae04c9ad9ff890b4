import { BellRing, MessagesSquare, UserRoundCheck } from 'lucide-react';
import { buttonClassName } from '@/components/ui/button.tsx';
import type { PricingCardFigures } from '../lib/pricing-card.ts';
import { CommunityLink } from './community-link.tsx';
import { IconCardGrid } from './icon-card-grid.tsx';
import { LaunchCountdown } from './launch-countdown.tsx';
import styles from './pages.module.css';

export type LaunchOverviewProps = {
  launchAt: string;
  launched: boolean;
  /** Set while the launch-day deal is on. */
  deal: PricingCardFigures | null;
  /** Someone signed in waits here for launch (docs/product.md §2); a visitor is invited to sign up first. */
  signedIn: boolean;
  signUpHref: string;
  chatHref: string;
};

export const LaunchOverview = ({
  launchAt,
  launched,
  deal,
  signedIn,
  signUpHref,
  chatHref,
}: LaunchOverviewProps) => {
  const steps = [
    {
      icon: UserRoundCheck,
      title: signedIn ? 'Your account is ready' : 'Sign up and finish onboarding',
      text: signedIn
        ? 'Your onboarding is done. Nothing else to do before trading opens.'
        : 'Connect your exchange and trade-only keys now, so you can start your first epic the minute trading opens.',
    },
    {
      icon: MessagesSquare,
      title: 'Join the community server',
      text: 'Beta access, launch announcements and help from the team and other traders.',
    },
    {
      icon: BellRing,
      title: 'Launch day',
      text: 'Trading opens for every account at once. Your dashboard unlocks and your first epic is one click away.',
    },
  ];
  return (
    <div className={styles.stack}>
      {launched ? (
        <p className={styles.dealText}>Trading is open. Sign in to continue where you left off.</p>
      ) : (
        <LaunchCountdown launchAt={launchAt} />
      )}
      {deal?.savingsForLife ? (
        <div className={styles.deal}>
          <p className={styles.dealText}>
            <strong>Launch-day deal:</strong> {deal.savingsForLife} off for life — {deal.price}{' '}
            <s>{deal.struckPrice}</s> every {deal.cycleDays} days once billing starts.
          </p>
          {signedIn ? null : (
            <a className={buttonClassName('primary')} href={signUpHref}>
              Claim the deal
            </a>
          )}
        </div>
      ) : null}
      <IconCardGrid cards={steps} />
      <div className={styles.actions}>
        {signedIn ? (
          <a className={buttonClassName('primary', 'lg')} href="/">
            {launched ? 'Open CDCA' : 'Check again'}
          </a>
        ) : (
          <a className={buttonClassName('primary', 'lg')} href={signUpHref}>
            Start free
          </a>
        )}
        <CommunityLink href={chatHref}>Join the community</CommunityLink>
      </div>
    </div>
  );
};
