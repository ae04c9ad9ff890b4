import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShell } from '@/components/layouts/app-shell.tsx';
import { PageSkeleton } from '@/components/ui/page-skeleton.tsx';
import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { NotificationsBell } from '@/features/notifications/components/notifications-bell.tsx';
import { useAccount } from '@/lib/auth/use-account.ts';

export default function AppRouteLayout() {
  const account = useAccount();
  const config = useRuntimeConfig();
  const name =
    [account.firstName, account.lastName].filter(Boolean).join(' ') ||
    account.email.split('@')[0] ||
    'Trader';
  return (
    <AppShell
      account={{ name, email: account.email, photo: account.profilePhoto, isOwner: account.role === 'owner' }}
      links={config.links}
      beta={config.appEnv === 'staging'}
      bell={<NotificationsBell />}
    >
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}
