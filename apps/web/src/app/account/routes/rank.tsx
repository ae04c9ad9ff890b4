import { PageHeader } from '@/components/ui/page-header.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { useRank } from '@/features/rank/api/get-rank.ts';
import { LeaderboardCard } from '@/features/rank/components/leaderboard-card.tsx';
import { RankPanel } from '@/features/rank/components/rank-panel.tsx';
import { useLiveRank } from '@/features/rank/hooks/use-live-rank.ts';

export default function RankRoute() {
  const rank = useRank();
  useLiveRank();
  return (
    <>
      <PageHeader title="Rank" subtitle="Tiers climb with the profit your epics realise." />
      <QueryState
        query={rank}
        loading={{ label: 'Loading your rank', rows: 2, height: 160 }}
        errorMessage="Your rank could not be loaded."
        isEmpty={false}
        empty={null}
      >
        {rank.data ? <RankPanel rank={rank.data} /> : null}
      </QueryState>
      <LeaderboardCard />
    </>
  );
}
