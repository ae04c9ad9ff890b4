import { SharedLinks } from '@/features/shares/components/shared-links.tsx';

export default function SettingsSharedLinksRoute() {
  return <SharedLinks />;
}
