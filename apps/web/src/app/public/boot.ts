import { publicPageFor } from '@cdca/contracts';
import { normalisePath } from '@/lib/auth/route-match.ts';

/**
 * Which app a page load starts: the small public site, the light sign-in page (app/sign-in/app.tsx) for a visitor
 * on their way to the identity provider — `from` is the guarded page they asked for, when they did not open
 * /login itself — or the account app with sign-in and live data.
 */
export type BootTarget =
  | { app: 'public'; path: string }
  | { app: 'sign-in'; from: string | null }
  | { app: 'account' };

export type Address = Pick<Location, 'pathname' | 'search'>;

/** oidc-client-ts keeps the signed-in user under `oidc.user:<authority>:<client id>` (lib/auth/stored-user.ts). */
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

/**
 * The target of every page load that needs no route manifest (docs/decisions/code-splitting.md): anyone signed in,
 * the provider's answer (the callback) and /logout get the account app, which knows the account's status and so
 * applies the root redirects and guards of docs/product.md §2; /login gets the sign-in page; a public page gets the
 * public site. Null for the rest — a guarded page or an unknown address seen by a visitor who is not signed in —
 * which only the account app's manifest can place (boot-target.ts), so the landing page never downloads it.
 */
export const quickBootTarget = (address: Address, signedIn: boolean): BootTarget | null => {
  const path = normalisePath(address.pathname);
  const params = new URLSearchParams(address.search);
  const isAuthCallback = (params.has('code') || params.has('error')) && params.has('state');
  if (signedIn || isAuthCallback || path === '/logout') return { app: 'account' };
  if (path === '/login') return { app: 'sign-in', from: null };
  return publicPageFor(path) ? { app: 'public', path } : null;
};
