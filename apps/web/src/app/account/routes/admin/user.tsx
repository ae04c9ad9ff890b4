import { useParams } from 'wouter';
import { paths } from '@/config/routes.ts';
import { UserAdmin } from '@/features/admin/components/user-admin.tsx';
import { useAccount } from '@/lib/auth/use-account.ts';

/** /admin/users/{userId}: one user's admin settings and audit trail. */
export default function AdminUserRoute() {
  const { userId = '' } = useParams();
  const account = useAccount();
  return <UserAdmin userId={userId} currentUserId={account.userId} usersPath={paths.adminUsers} />;
}
