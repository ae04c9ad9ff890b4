import { StatsPage } from '@/features/stats/components/stats-page.tsx';

export default function StatsRoute() {
  return <StatsPage />;
}
