import { paths } from '@/config/routes.ts';
import { SectionLayout } from '../../section-layout.tsx';

/** Its tabs are the manifest's pages under /admin that name a `tab` (docs/decisions/route-manifest.md). */
export default function AdminLayout() {
  return (
    <SectionLayout
      title="Admin"
      subtitle="Owner tools: users, charts, payouts and support."
      path={paths.admin}
    />
  );
}
