import { Suspense } from 'react';
import { AppShell } from '@/components/layouts/app-shell.tsx';
import { PageSkeleton } from '@/components/ui/page-skeleton.tsx';
import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { BillingAlerts } from '@/features/billing/components/billing-alerts.tsx';
import { NotificationsBell } from '@/features/notifications/components/notifications-bell.tsx';
import { useTopMoverNotifications } from '@/features/notifications/hooks/use-top-mover-notifications.ts';
import { useSettings } from '@/features/settings/api/get-settings.ts';
import { useAddToWatchlist } from '@/features/watchlist/api/create-watchlist-item.ts';
import { useWatchlistItems } from '@/features/watchlist/api/get-watchlist.ts';
import { useWatchlistSync } from '@/features/watchlist/hooks/use-watchlist-sync.ts';
import { useAccount } from '@/lib/auth/use-account.ts';
import { Outlet } from '@/lib/router/outlet.tsx';

export default function AppRouteLayout() {
  const account = useAccount();
  const config = useRuntimeConfig();
  const settings = useSettings(account.id);
  const watchlist = useWatchlistItems(account.id);
  const addToWatchlist = useAddToWatchlist(account.id);
  useWatchlistSync(account.id);
  useTopMoverNotifications(settings.data?.topMoverAlerts === true);

  const watched = new Set(watchlist.data?.watchListItems.map((item) => item.coinId));
  const name =
    [account.firstName, account.lastName].filter(Boolean).join(' ') ||
    account.email.split('@')[0] ||
    'Trader';
  return (
    <AppShell
      account={{
        name,
        email: account.email,
        photo: account.profilePhoto,
        isOwner: account.role === 'owner',
        isPartner: account.role === 'partner',
      }}
      links={config.links}
      beta={config.appEnv === 'staging'}
      bell={
        <NotificationsBell
          onWatch={(coin) => addToWatchlist.mutate(coin)}
          isWatched={(coinId) => watched.has(coinId)}
        />
      }
    >
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
      <BillingAlerts account={account} staging={config.appEnv === 'staging'} />
    </AppShell>
  );
}
