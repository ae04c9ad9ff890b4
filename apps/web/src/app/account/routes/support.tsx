import { LifeBuoy } from 'lucide-react';
import { buttonClassName } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useRuntimeConfig } from '@/config/runtime-config.ts';

export default function SupportRoute() {
  const config = useRuntimeConfig();
  return (
    <>
      <PageHeader title="Support" subtitle="Questions about your account, billing or an epic." />
      <EmptyState
        icon={<LifeBuoy size={26} />}
        title="Ask us in the community server"
        actions={
          <a
            className={buttonClassName()}
            href={config.links.discordInvite}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open Discord
          </a>
        }
      >
        The team answers in the support channel of our Discord server. In-app support tickets are coming.
      </EmptyState>
    </>
  );
}
