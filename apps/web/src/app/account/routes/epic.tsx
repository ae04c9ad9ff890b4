import { useParams } from 'react-router';
import { EpicBreakdown } from '@/features/epic-breakdown/components/epic-breakdown.tsx';

export default function EpicRoute() {
  const { epicId = '' } = useParams();
  return <EpicBreakdown key={epicId} epicId={epicId} />;
}
