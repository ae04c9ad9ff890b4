import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { PublicArticle } from '../../public-article.tsx';

export default function LaunchRoute() {
  const config = useRuntimeConfig();
  const launchDate = new Date(config.launchAt).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  return (
    <PublicArticle
      title={config.launched ? 'CDCA has launched' : 'Launching soon'}
      lead={
        config.launched
          ? 'Trading is open. Sign in to continue where you left off.'
          : `Your account is ready. Trading opens on ${launchDate} — we will let you know in Discord.`
      }
    >
      <p style={{ color: 'var(--muted)' }}>
        {config.launchDeal
          ? `Launch-day deal: $15 off for life with code ${config.launchReferralCode}.`
          : null}
      </p>
    </PublicArticle>
  );
}
