import type { TAccountStatus, TRole } from '@cdca/contracts';
import { type AppRoute, paths, ROUTES } from '@/config/routes.ts';
import { matchesRoute, normalisePath } from './route-match.ts';

/**
 * docs/product.md §2 guard rules applied to the route manifest (config/routes.ts): each page's `access` decides who may
 * see it (docs/decisions/route-manifest.md).
 */

/** Who is looking: nobody, or an account with its status and role. */
export type Viewer = { signedIn: false } | { signedIn: true; status: TAccountStatus; role: TRole };

export type RouteContext = { launched: boolean; lastPage: string | null };

export type RouteDecision = { allowed: true } | { allowed: false; redirectTo: string };

/** The manifest entry that decides `path`: the most specific one holding it; `public` pages match exactly. */
const routeFor = (path: string): AppRoute | undefined => {
  let best: AppRoute | undefined;
  for (const route of ROUTES) {
    if (!matchesRoute(path, route.path, route.access !== 'public')) continue;
    if (!best || route.path.split('/').length > best.path.split('/').length) best = route;
  }
  return best;
};

/** Each onboarding screen with the statuses it is for, in manifest order (docs/product.md §2 root entry table). */
const ONBOARDING = ROUTES.flatMap((route) =>
  typeof route.access === 'object' ? [{ path: route.path, statuses: route.access.onboarding }] : [],
);

const DEFAULT_HOME = paths.dashboard;

/** A remembered page is only honoured when it lies in the account area (never a loop back to onboarding). */
export const isRememberablePage = (path: string): boolean =>
  routeFor(normalisePath(path))?.access === 'account';

/** The screen an account's status dictates (docs/product.md §2 root entry table). */
export const statusHome = (status: TAccountStatus, lastPage: string | null = null): string => {
  if (status === 'active') return lastPage && isRememberablePage(lastPage) ? lastPage : DEFAULT_HOME;
  return ONBOARDING.find((screen) => screen.statuses.includes(status))?.path ?? paths.payment;
};

const homeOf = (viewer: Viewer & { signedIn: true }, context: RouteContext): string =>
  viewer.status === 'active' && !context.launched && viewer.role !== 'owner'
    ? paths.launch
    : statusHome(viewer.status, context.lastPage);

/** Whether `viewer` may see `pathname`, and if not where to send them. */
export const resolveRoute = (pathname: string, viewer: Viewer, context: RouteContext): RouteDecision => {
  const path = normalisePath(pathname);
  const allow: RouteDecision = { allowed: true };
  const redirect = (redirectTo: string): RouteDecision => ({ allowed: false, redirectTo });
  const access = routeFor(path)?.access;

  if (access === undefined) return redirect(paths.landing);
  if (access === 'public') return allow;

  if (access === 'until-active') {
    if (!viewer.signedIn || viewer.status !== 'active') return allow;
    // Before launch, /launch is where active accounts wait.
    if (matchesRoute(path, paths.launch, true) && !context.launched) return allow;
    return redirect(homeOf(viewer, context));
  }

  if (!viewer.signedIn) return redirect(paths.login);

  if (typeof access === 'object') {
    return access.onboarding.includes(viewer.status) ? allow : redirect(homeOf(viewer, context));
  }

  if (viewer.status !== 'active') return redirect(homeOf(viewer, context));
  if (!context.launched && viewer.role !== 'owner') return redirect(paths.launch);
  if (access === 'owner' && viewer.role !== 'owner') return redirect(DEFAULT_HOME);
  return allow;
};

/**
 * Root entry (docs/product.md §2): where `/` sends a viewer, or null to show the landing page.
 * Pending screens come first so onboarding can finish before launch; active accounts wait on /launch.
 */
export const rootDestination = (viewer: Viewer, context: RouteContext): string | null =>
  viewer.signedIn ? homeOf(viewer, context) : null;

/** Paths where the real-time connection stays closed (docs/product.md §4): the marketing, legal and login pages. */
export const isPublicPath = (pathname: string): boolean => {
  const access = routeFor(normalisePath(pathname))?.access;
  return access === 'public' || access === 'until-active';
};
