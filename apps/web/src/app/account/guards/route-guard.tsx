import { Redirect, useLocation } from 'wouter';
import { PageSkeleton } from '@/components/ui/page-skeleton.tsx';
import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { isRememberablePage, resolveRoute, type Viewer } from '@/lib/auth/route-access.ts';
import { useSession } from '@/lib/auth/use-session.ts';
import { Outlet } from '@/lib/router/outlet.tsx';
import { readString, writeString } from '@/lib/storage/storage.ts';
import { AccessDeniedScreen } from '../access-denied-screen.tsx';
import { SessionError } from '../session-error.tsx';

/** Applies docs/product.md §2's guard rules (lib/auth/route-access.ts) to the current path. */
export const RouteGuard = () => {
  const session = useSession();
  const config = useRuntimeConfig();
  const [pathname] = useLocation();

  if (session.state === 'loading') return <PageSkeleton />;
  if (session.state === 'denied') return <AccessDeniedScreen />;
  if (session.state === 'error')
    return <SessionError message={session.error.message} onRetry={session.retry} />;

  const viewer: Viewer =
    session.state === 'ready'
      ? { signedIn: true, status: session.account.status, role: session.account.role }
      : { signedIn: false };
  const decision = resolveRoute(pathname, viewer, {
    launched: config.launched,
    lastPage: readString('lastPage'),
  });
  if (decision.allowed) return <Outlet />;

  // A visitor sent to sign in comes back to the page they asked for.
  if (!viewer.signedIn && decision.redirectTo === '/login' && isRememberablePage(pathname)) {
    writeString('lastPage', pathname);
  }
  return <Redirect to={decision.redirectTo} replace />;
};
