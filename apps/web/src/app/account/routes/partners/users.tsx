import { NotPartner } from '@/features/partners/components/not-partner.tsx';
import { ReferredUsersTable } from '@/features/partners/components/referred-users-table.tsx';
import { useAccount } from '@/lib/auth/use-account.ts';

/** /partners/users: the accounts referred by the partner, without their e-mail. */
export default function PartnersUsersRoute() {
  const account = useAccount();
  return (
    <>
      <h2 className="visually-hidden">Referred users</h2>
      {account.role === 'partner' ? <ReferredUsersTable /> : <NotPartner />}
    </>
  );
}
