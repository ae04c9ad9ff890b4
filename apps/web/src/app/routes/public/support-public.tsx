import { buttonClassName } from '@/components/ui/button.tsx';
import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { PublicArticle } from '../../public-article.tsx';

export default function SupportPublicRoute() {
  const config = useRuntimeConfig();
  return (
    <PublicArticle
      title="Support"
      lead="Questions before or after signing up? The team answers in our Discord server."
    >
      <p>
        <a
          className={buttonClassName()}
          href={config.links.discordInvite}
          target="_blank"
          rel="noopener noreferrer"
        >
          Open Discord
        </a>
      </p>
      <p style={{ color: 'var(--muted)' }}>
        Common questions are answered in the <a href="/#questions">FAQ</a>.
      </p>
    </PublicArticle>
  );
}
