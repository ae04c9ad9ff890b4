import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { signUpParams } from '@/lib/auth/auth-config.ts';
import { useAuth } from '@/lib/auth/auth-provider.tsx';
import { identityErrorMessage } from '@/lib/auth/identity-error.ts';
import { writeString } from '@/lib/storage/storage.ts';
import { LoginScreen } from '../../sign-in/login-screen.tsx';

/**
 * /login handles the OIDC redirect answer (the AuthProvider processes it on load) and otherwise starts
 * sign-in, remembering the referral code (docs/product.md §2). `?signup=1` opens the sign-up form directly.
 * A visitor who is not signed in gets the light sign-in page instead (app/sign-in/app.tsx), which does the
 * second part without the account app.
 */
export default function LoginRoute() {
  const auth = useAuth();
  const config = useRuntimeConfig();
  const [, navigate] = useLocation();
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
    const home = (
      <ButtonLink to="/" variant="secondary">
        Back to home
      </ButtonLink>
    );
    return (
      <LoginScreen state="failed" message={identityErrorMessage(auth.error)} onRetry={start} home={home} />
    );
  }
  return <LoginScreen state={isCallback || auth.isAuthenticated ? 'returning' : 'leaving'} />;
}
