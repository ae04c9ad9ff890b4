import { OnboardingLayout } from '@/components/layouts/onboarding-layout.tsx';
import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { useAccount } from '@/lib/auth/use-account.ts';
import { Outlet } from '@/lib/router/outlet.tsx';

export default function OnboardingRouteLayout() {
  const account = useAccount();
  const config = useRuntimeConfig();
  return (
    <OnboardingLayout beta={config.appEnv === 'staging'} email={account.email} accountStatus={account.status}>
      <Outlet />
    </OnboardingLayout>
  );
}
