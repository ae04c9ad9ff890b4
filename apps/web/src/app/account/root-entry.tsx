import { useEffect } from 'react';
import { Redirect, useSearchParams } from 'wouter';
import { PageSkeleton } from '@/components/ui/page-skeleton.tsx';
import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { rootDestination } from '@/lib/auth/route-access.ts';
import { useSession } from '@/lib/auth/use-session.ts';
import { Outlet } from '@/lib/router/outlet.tsx';
import { readString, writeString } from '@/lib/storage/storage.ts';
import { AccessDeniedScreen } from './access-denied-screen.tsx';
import { SessionError } from './session-error.tsx';

/**
 * Root entry in the account app (docs/product.md §2): remember rc and pid, then send signed-in users where their status
 * says. Visitors who are not signed in usually get the public site instead (main.tsx); this shows them the
 * same landing page (the manifest's `/` module, its child route) when they arrive here by navigating inside the app.
 */
export const RootEntry = () => {
  const [params] = useSearchParams();
  const session = useSession();
  const config = useRuntimeConfig();
  const rc = params.get('rc');
  const pid = params.get('pid');

  useEffect(() => {
    if (rc) writeString('referralCode', rc);
    if (pid) writeString('paymentId', pid);
  }, [rc, pid]);

  useEffect(() => {
    if (session.state === 'signed-out') writeString('lastPage', '/dashboard');
  }, [session.state]);

  if (session.state === 'loading') return <PageSkeleton label="Loading CDCA" />;
  if (session.state === 'denied') return <AccessDeniedScreen />;
  if (session.state === 'error')
    return <SessionError message={session.error.message} onRetry={session.retry} />;
  if (session.state === 'ready') {
    const destination = rootDestination(
      { signedIn: true, status: session.account.status, role: session.account.role },
      { launched: config.launched, lastPage: readString('lastPage') },
    );
    if (destination) return <Redirect to={destination} replace />;
  }
  return <Outlet />;
};
