import { PublicLink } from '@/components/layouts/public-layout-link.tsx';
import { buttonClassName } from '@/components/ui/button.tsx';
import { PartnerProgramme } from '@/features/landing/components/partner-programme.tsx';
import { planRows } from '@/features/landing/lib/plan-rows.ts';
import { PublicArticle } from '../article.tsx';
import { usePublicConfig } from '../config.tsx';

export default function PartnerStackRoute() {
  const config = usePublicConfig();
  return (
    <PublicArticle
      eyebrow="Partner programme"
      title="Bring traders, share the upside"
      lead="Creators, educators and communities: give your audience a lower CDCA price for life, and earn a share of what they pay."
      wide
      actions={
        <PublicLink className={buttonClassName('primary', 'lg')} href="/support-public">
          Apply to become a partner
        </PublicLink>
      }
    >
      <PartnerProgramme rows={planRows(config.billing.usageFeeRate)} origin={window.location.origin} />
    </PublicArticle>
  );
}
