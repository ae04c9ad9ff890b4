import { paths } from '@/config/routes.ts';
import { SectionLayout } from '../../section-layout.tsx';

/** Its tabs are the manifest's pages under /settings that name a `tab` (docs/decisions/route-manifest.md). */
export default function SettingsLayout() {
  return (
    <SectionLayout
      title="Settings"
      subtitle="Your account, alerts, exchange keys and billing."
      path={paths.settings}
    />
  );
}
