import { PublicLink } from '@/components/layouts/public-layout-link.tsx';
import { buttonClassName } from '@/components/ui/button.tsx';
import { PlanTable } from '@/features/landing/components/plan-table.tsx';
import { planRows, usageExample } from '@/features/landing/lib/plan-rows.ts';
import { formatUsd } from '@/features/landing/lib/pricing-card.ts';
import { PublicArticle } from '../article.tsx';
import { usePublicConfig } from '../config.tsx';
import { signUpHrefFor } from '../frame.tsx';

export default function PlansRoute() {
  const config = usePublicConfig();
  const { usageFeeRate, freeProfitAllowance } = config.billing;
  return (
    <PublicArticle
      eyebrow="Plans"
      title="One plan, priced for life"
      lead="CDCA has a single Standard plan. Referral and launch codes lower its price for as long as you keep your account; partners have their own column."
      wide
      banners
      actions={
        <>
          <a className={buttonClassName('primary', 'lg')} href={signUpHrefFor(config)}>
            Start free
          </a>
          <PublicLink className={buttonClassName('secondary', 'lg')} href="/partner-stack">
            Become a partner
          </PublicLink>
        </>
      }
    >
      <PlanTable
        rows={planRows(usageFeeRate)}
        usage={usageExample(usageFeeRate)}
        freeUntil={formatUsd(freeProfitAllowance)}
      />
    </PublicArticle>
  );
}
