import { UsersTable } from '@/features/admin/components/users-table.tsx';
import { useAccount } from '@/lib/auth/use-account.ts';

export default function AdminUsersRoute() {
  const account = useAccount();
  return <UsersTable currentUserId={account.userId} />;
}
