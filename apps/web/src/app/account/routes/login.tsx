import { useEffect, useRef } from 'react';
import { useAuth } from 'react-oidc-context';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { Logo } from '@/components/ui/logo.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { signUpParams } from '@/lib/auth/auth-config.ts';
import { identityErrorMessage } from '@/lib/auth/identity-error.ts';
import { writeString } from '@/lib/storage/storage.ts';
import styles from './login.module.css';

/**
 * /login handles the OIDC redirect answer (the AuthProvider processes it on load) and otherwise starts
 * sign-in, remembering the referral code (docs/product.md §2). `?signup=1` opens the sign-up form directly.
 */
export default function LoginRoute() {
  const auth = useAuth();
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);

  const referralCode = config.launchDeal ? config.launchReferralCode : params.get('rc');
  const signUp = params.has('signup');
  const isCallback = (params.has('code') || params.has('error')) && params.has('state');

  const start = () => {
    if (referralCode) writeString('referralCode', referralCode);
    void auth.signinRedirect(signUp ? { extraQueryParams: signUpParams(config.auth) } : undefined);
  };

  useEffect(() => {
    if (auth.isLoading || auth.activeNavigator) return;
    if (auth.isAuthenticated) {
      if (referralCode) writeString('referralCode', referralCode);
      navigate('/', { replace: true });
      return;
    }
    if (auth.error || isCallback || started.current) return;
    started.current = true;
    start();
  });

  if (auth.error) {
    return (
      <main className={styles.page}>
        <div className={styles.card}>
          <Logo />
          <h1 className={styles.title}>Login failed</h1>
          <p className={styles.text}>{identityErrorMessage(auth.error)}</p>
          <div className={styles.actions}>
            <Button onClick={start}>Sign in</Button>
            <ButtonLink to="/" variant="secondary">
              Back to home
            </ButtonLink>
          </div>
        </div>
      </main>
    );
  }

  return (
    <main className={styles.page}>
      <div className={styles.card} role="status" aria-live="polite">
        <Logo />
        <h1 className={styles.title}>
          {isCallback || auth.isAuthenticated ? 'Signing you in' : 'Taking you to sign in'}
        </h1>
        <p className={styles.text}>One moment…</p>
        <Skeleton height={6} radius={999} />
      </div>
    </main>
  );
}
