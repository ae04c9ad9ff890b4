import { ProfileForm } from '@/features/account/components/profile-form.tsx';
import { useAccount } from '@/lib/auth/use-account.ts';

export default function SettingsAccountRoute() {
  const account = useAccount();
  return <ProfileForm key={account.updatedAt} account={account} />;
}
