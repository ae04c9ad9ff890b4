import { resolveRoute } from '@/lib/auth/route-access.ts';

/** Which app a page load starts: the small public site, or the account app with sign-in and live data. */
export type BootTarget = { app: 'public'; path: string } | { app: 'account' };

type Address = Pick<Location, 'pathname' | 'search'>;

/** oidc-client-ts keeps the signed-in user under `oidc.user:<authority>:<client id>` (auth-config.ts). */
export const hasStoredSession = (storage: Pick<Storage, 'length' | 'key'> | undefined): boolean => {
  if (!storage) return false;
  try {
    for (let index = 0; index < storage.length; index += 1) {
      if (storage.key(index)?.startsWith('oidc.user:')) return true;
    }
  } catch {
    // Storage refused (privacy mode): nobody can be signed in on this page.
  }
  return false;
};

/** Whether this browser holds a signed-in session (false where storage is refused). */
export const signedInHere = (): boolean => {
  try {
    return hasStoredSession(window.localStorage);
  } catch {
    return false;
  }
};

/** Pages that need the identity provider's code even for a visitor who is signed out. */
const SIGN_IN_PAGES = ['/login', '/logout'];

/**
 * A visitor who is not signed in gets the public site for every page the guards let them see, and for unknown
 * paths (which lead to `/`). Anyone signed in, and every page that leads to sign-in, gets the account app:
 * it knows the account's status, so it can apply the root redirects and guards of docs/product.md §2.
 */
export const bootTarget = (address: Address, signedIn: boolean): BootTarget => {
  const path = address.pathname.length > 1 ? address.pathname.replace(/\/+$/, '') : address.pathname;
  const params = new URLSearchParams(address.search);
  const isAuthCallback = (params.has('code') || params.has('error')) && params.has('state');
  if (signedIn || isAuthCallback || SIGN_IN_PAGES.includes(path)) return { app: 'account' };
  const decision = resolveRoute(path, { signedIn: false }, { launched: true, lastPage: null });
  if (decision.allowed) return { app: 'public', path };
  return decision.redirectTo === '/' ? { app: 'public', path: '/' } : { app: 'account' };
};
