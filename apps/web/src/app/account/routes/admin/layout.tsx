import { paths } from '@/config/routes.ts';
import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { SectionLayout } from '../../section-layout.tsx';

/**
 * Its tabs are the manifest's pages under /admin that name a `tab` (docs/decisions/route-manifest.md); the Market
 * lab only where the server has the paper controls (docs/decisions/market-lab.md).
 */
export default function AdminLayout() {
  const { paperMarketControls } = useRuntimeConfig();
  return (
    <SectionLayout
      title="Admin"
      subtitle={
        paperMarketControls
          ? 'Owner tools: users, charts, payouts, support and the paper market lab.'
          : 'Owner tools: users, charts, payouts and support.'
      }
      path={paths.admin}
      hiddenTabs={paperMarketControls ? [] : [paths.adminMarketLab]}
    />
  );
}
