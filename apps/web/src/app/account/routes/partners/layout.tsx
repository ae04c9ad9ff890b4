import { paths } from '@/config/routes.ts';
import { SectionLayout } from '../../section-layout.tsx';

/** Its tabs are the manifest's pages under /partners that name a `tab` (docs/decisions/route-manifest.md). */
export default function PartnersLayout() {
  return (
    <SectionLayout
      title="Partners"
      subtitle="Referral codes, referred users and payouts."
      path={paths.partners}
    />
  );
}
