import type { TRuntimeConfig } from '@cdca/contracts';
import { type UserManagerSettings, WebStorageStateStore } from 'oidc-client-ts';
import type { AuthProviderProps } from 'react-oidc-context';

type AuthSettings = TRuntimeConfig['auth'];

/** Auth0 needs `audience` to mint a JWT for the API; other providers take the RFC 8707 `resource`. */
export const audienceParams = (auth: AuthSettings): Record<string, string> =>
  auth.provider === 'auth0' ? { audience: auth.audience } : { resource: auth.audience };

/** Sign-up opens the provider's registration form directly (the embedded provider honours screen_hint). */
export const signUpParams = (auth: AuthSettings): Record<string, string> => ({
  ...audienceParams(auth),
  screen_hint: 'signup',
});

/**
 * The identity client's settings. The account app's AuthProvider and the sign-in page (app/sign-in/app.tsx) both
 * use these, so the provider's answer, handled by the account app, finds the state the sign-in page stored.
 */
export const userManagerSettings = (auth: AuthSettings, origin: string): UserManagerSettings => ({
  authority: auth.authority,
  client_id: auth.clientId,
  redirect_uri: `${origin}/login`,
  post_logout_redirect_uri: `${origin}/`,
  response_type: 'code',
  scope: 'openid email offline_access',
  extraQueryParams: audienceParams(auth),
  // The session survives a reload or a new tab (docs/product.md §4).
  userStore: new WebStorageStateStore({ store: window.localStorage }),
  automaticSilentRenew: true,
});

export const createAuthConfig = (auth: AuthSettings, origin: string): AuthProviderProps => ({
  ...userManagerSettings(auth, origin),
  // The payload (code, state) must never stay in the address bar or in history.
  onSigninCallback: () => window.history.replaceState({}, document.title, window.location.pathname),
});

/** True when the address carries an OIDC redirect answer (code or error, with state). */
export const hasAuthCallbackParams = (location: Pick<Location, 'search' | 'hash'>): boolean => {
  const params = new URLSearchParams(location.search);
  return (params.has('code') || params.has('error')) && params.has('state');
};
