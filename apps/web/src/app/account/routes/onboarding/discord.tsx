import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { CommunityStep } from '@/features/onboarding/components/community-step.tsx';

export default function DiscordRoute() {
  const config = useRuntimeConfig();
  return <CommunityStep discordInvite={config.links.discordInvite} />;
}
