import { ZAccount } from '@cdca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { PublicNavigationContext } from '@/components/layouts/public-layout-link.tsx';
import { setCachedAccount } from '@/lib/auth/account-query.ts';
import { useAuth } from '@/lib/auth/auth-provider.tsx';
import { isPublicPath, isRememberablePage } from '@/lib/auth/route-access.ts';
import { useSession } from '@/lib/auth/use-session.ts';
import { refreshQueries } from '@/lib/react-query.ts';
import { realtimeErrors } from '@/lib/realtime/error-channel.ts';
import { RealtimeContext, RealtimeStatusContext } from '@/lib/realtime/realtime-context.ts';
import { useRealtimeConnection } from '@/lib/realtime/use-realtime-connection.ts';
import { Outlet } from '@/lib/router/outlet.tsx';
import { writeString } from '@/lib/storage/storage.ts';
import { toast } from '@/lib/toast.ts';

const GIVE_UP_MESSAGE = "Real-time updates aren't working properly. Please refresh the page.";

/** App-wide wiring that needs the router: the real-time connection and the remembered last page. */
export const RootLayout = () => {
  const [pathname] = useLocation();
  const auth = useAuth();
  const session = useSession();
  const queryClient = useQueryClient();
  const ready = session.state === 'ready';
  const [, navigate] = useLocation();

  // Links of the shared public layout move through this router rather than reloading the page.
  const navigatePublic = useCallback(
    (href: string) => {
      const url = new URL(href, window.location.href);
      if (url.origin !== window.location.origin) return false;
      if (url.pathname === window.location.pathname && url.hash) return false;
      navigate(`${url.pathname}${url.search}${url.hash}`);
      return true;
    },
    [navigate],
  );

  const { subscribe, status } = useRealtimeConnection({
    enabled: ready && !isPublicPath(pathname),
    accessToken: ready ? session.accessToken : undefined,
    onGiveUp: () => toast.error(GIVE_UP_MESSAGE, { toastId: 'realtime-give-up', autoClose: false }),
    onTokenExpired: () => {
      auth
        .signinSilent()
        .catch((error: unknown) =>
          realtimeErrors.push(error instanceof Error ? error : new Error('Token renewal failed.')),
        );
    },
    // Events published while the socket was closed (before the first open, or during a reconnect) are gone:
    // re-read what is on screen so live views never stay stale.
    onConnected: () => void refreshQueries(queryClient),
  });

  // docs/product.md §4: account.updated replaces the stored account unless it was deleted; the guards then move
  // the user to the screen the new status dictates, without a reload.
  useEffect(
    () =>
      subscribe('account.updated', (message) => {
        const parsed = ZAccount.safeParse(message.event);
        if (!parsed.success) {
          realtimeErrors.push(new Error('account.updated carried an invalid account.'));
          return;
        }
        if (parsed.data.status === 'deleted') return;
        setCachedAccount(queryClient, parsed.data);
      }),
    [subscribe, queryClient],
  );

  const activeOnPage = ready && session.account.status === 'active' && isRememberablePage(pathname);
  useEffect(() => {
    if (activeOnPage) writeString('lastPage', pathname);
  }, [activeOnPage, pathname]);

  return (
    <RealtimeContext value={subscribe}>
      <RealtimeStatusContext value={status}>
        <PublicNavigationContext value={navigatePublic}>
          <Outlet />
        </PublicNavigationContext>
      </RealtimeStatusContext>
    </RealtimeContext>
  );
};
