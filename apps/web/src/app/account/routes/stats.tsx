import { ShareButton } from '@/features/shares/components/share-button.tsx';
import { StatsPage } from '@/features/stats/components/stats-page.tsx';
import { STATS_PERIOD_PHRASES } from '@/features/stats/lib/stats-period.ts';

export default function StatsRoute() {
  return (
    <StatsPage
      shareAction={(period) => (
        <ShareButton
          target={{ kind: 'period', period }}
          subject={`your stats ${STATS_PERIOD_PHRASES[period]}`}
        />
      )}
    />
  );
}
