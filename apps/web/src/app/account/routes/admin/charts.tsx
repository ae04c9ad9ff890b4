import { ChartArea } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state.tsx';

export default function AdminChartsRoute() {
  return (
    <EmptyState
      icon={<ChartArea size={26} />}
      tag="Coming next"
      title="Charts arrive with epics and payments"
    >
      Sign-ups, active epics, traded volume and revenue over time will be charted here.
    </EmptyState>
  );
}
