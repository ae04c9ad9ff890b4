import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { Logo } from '@/components/ui/logo.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useAuth } from '@/lib/auth/auth-provider.tsx';
import styles from '../../sign-in/login.module.css';

/** Signs out at the identity provider, which sends the browser back to `/`. */
export default function LogoutRoute() {
  const auth = useAuth();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (auth.isLoading || started.current) return;
    started.current = true;
    queryClient.clear();
    if (!auth.isAuthenticated) {
      navigate('/', { replace: true });
      return;
    }
    auth.signoutRedirect().catch(async () => {
      // No end-session endpoint (or it is unreachable): forget the session locally instead.
      await auth.removeUser();
      navigate('/', { replace: true });
    });
  }, [auth, navigate, queryClient]);

  return (
    <main className={styles.page}>
      <div className={styles.card} role="status" aria-live="polite">
        <Logo />
        <h1 className={styles.title}>Signing out</h1>
        <p className={styles.text}>See you soon.</p>
        <Skeleton height={6} radius={999} />
      </div>
    </main>
  );
}
