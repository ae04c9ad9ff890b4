import { Handshake } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state.tsx';

export default function PartnersUsersRoute() {
  return (
    <>
      <h2 className="visually-hidden">Users</h2>
      <EmptyState icon={<Handshake size={26} />} tag="Coming next" title="No referred users yet">
        Accounts that sign up with your code will be listed here with their status.
      </EmptyState>
    </>
  );
}
