import type { TRuntimeConfig } from '@cdca/contracts';
import { UserManager, type UserManagerSettings, WebStorageStateStore } from 'oidc-client-ts';

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
 * The identity client's settings. The account app's auth layer (auth-provider.tsx) and the sign-in page
 * (app/sign-in/app.tsx) both use these, so the provider's answer, handled by the account app, finds the state the
 * sign-in page stored. The user lands under `storedUserKey` (stored-user.ts), where the account app reads it
 * without this module.
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

/** The identity client the account app loads when it first needs it (auth-provider.tsx). */
export const createUserManager = (auth: AuthSettings, origin: string): UserManager =>
  new UserManager(userManagerSettings(auth, origin));
