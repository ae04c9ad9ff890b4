import { Banknote } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state.tsx';

export default function AdminPayoutsRoute() {
  return (
    <EmptyState icon={<Banknote size={26} />} title="Payouts">
      Nothing here yet.
    </EmptyState>
  );
}
