import { resolveRoute } from '@/lib/auth/route-access.ts';
import { normalisePath } from '@/lib/auth/route-match.ts';
import { type Address, type BootTarget, quickBootTarget } from './boot.ts';

/**
 * Which app a page load starts. A visitor who is not signed in gets the public site for every page the guards let
 * them see, and for unknown paths (which lead to `/`); the sign-in page for /login and for every page the guards
 * send them to /login from. Everything the entry can tell alone is quickBootTarget's (boot.ts).
 */
export const bootTarget = (address: Address, signedIn: boolean): BootTarget => {
  const quick = quickBootTarget(address, signedIn);
  if (quick) return quick;
  const path = normalisePath(address.pathname);
  const decision = resolveRoute(path, { signedIn: false }, { launched: true, lastPage: null });
  if (decision.allowed) return { app: 'public', path };
  if (decision.redirectTo === '/') return { app: 'public', path: '/' };
  return decision.redirectTo === '/login' ? { app: 'sign-in', from: path } : { app: 'account' };
};
