import { UserManager } from 'oidc-client-ts';
import { StrictMode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Root } from 'react-dom/client';
import { PublicLink } from '@/components/layouts/public-layout-link.tsx';
import { buttonClassName } from '@/components/ui/button.tsx';
import { signUpParams, userManagerSettings } from '@/lib/auth/auth-config.ts';
import { identityErrorMessage } from '@/lib/auth/identity-error.ts';
import { isRememberablePage } from '@/lib/auth/route-access.ts';
import { writeString } from '@/lib/storage/storage.ts';
import { embeddedConfig } from '../public/config.tsx';
import { readSignInConfig, type SignInConfig } from './config.ts';
import { LoginScreen } from './login-screen.tsx';

type SignInProps = { config: SignInConfig };

/**
 * /login for a visitor who is not signed in (docs/decisions/code-splitting.md): remembers the referral code and
 * sends the browser to the identity provider, as the account app's /login route does, with only oidc-client-ts
 * (no router, no data layer, no zod). The provider's answer comes back to /login?code…&state…, which the account
 * app handles: it uses the same settings (lib/auth/auth-config.ts), so it finds the state stored here.
 */
const SignIn = ({ config }: SignInProps) => {
  const manager = useMemo(
    () => new UserManager(userManagerSettings(config.auth, window.location.origin)),
    [config.auth],
  );
  const [failure, setFailure] = useState<Error | null>(null);
  const started = useRef(false);

  const start = useCallback(() => {
    const params = new URLSearchParams(window.location.search);
    const referralCode = config.launchDeal ? config.launchReferralCode : params.get('rc');
    if (referralCode) writeString('referralCode', referralCode);
    setFailure(null);
    manager
      .signinRedirect(params.has('signup') ? { extraQueryParams: signUpParams(config.auth) } : undefined)
      .catch((error: unknown) => setFailure(error instanceof Error ? error : new Error(String(error))));
  }, [config, manager]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);

  if (!failure) return <LoginScreen state="leaving" />;
  const home = (
    <PublicLink href="/" className={buttonClassName('secondary')}>
      Back to home
    </PublicLink>
  );
  return <LoginScreen state="failed" message={identityErrorMessage(failure)} onRetry={start} home={home} />;
};

/**
 * Starts the sign-in page, or answers false when the page holds no usable config (the Vite dev server): the
 * account app then loads it from /config.json and shows /login itself. A visitor sent here from a guarded page
 * (`from`) comes back to it after sign-in, as the account app's guard arranges (app/account/guards/route-guard.tsx).
 */
export const startSignIn = (root: Root, from: string | null): boolean => {
  const config = readSignInConfig(embeddedConfig());
  if (!config) return false;
  if (from !== null) {
    if (isRememberablePage(from)) writeString('lastPage', from);
    window.history.replaceState(null, '', '/login');
  }
  root.render(
    <StrictMode>
      <SignIn config={config} />
    </StrictMode>,
  );
  return true;
};
