import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { BillingSettings } from '@/features/billing/components/billing-settings.tsx';
import { useAccount } from '@/lib/auth/use-account.ts';

export default function SettingsBillingRoute() {
  const account = useAccount();
  const config = useRuntimeConfig();
  return <BillingSettings accountId={account.id} staging={config.appEnv === 'staging'} />;
}
