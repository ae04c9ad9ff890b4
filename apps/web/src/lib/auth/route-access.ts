import type { TAccountStatus, TRole } from '@cdca/contracts/account.ts';

/** Who is looking: nobody, or an account with its status and role. */
export type Viewer = { signedIn: false } | { signedIn: true; status: TAccountStatus; role: TRole };

export type RouteContext = { launched: boolean; lastPage: string | null };

export type RouteDecision = { allowed: true } | { allowed: false; redirectTo: string };

/** Open to everyone, whatever their status; the root route decides its own redirect. */
const ALWAYS_PUBLIC = ['/', '/login', '/logout', '/terms-of-service', '/privacy-policy', '/support-public'];

/** Public pages that active accounts no longer need (SPEC.md §2 guard rules). */
const UNTIL_ACTIVE = ['/launch', '/skill', '/plans', '/partner-stack'];

/** Each onboarding screen is open only to the statuses listed (SPEC.md §2). */
const ONBOARDING_SCREENS: Record<string, readonly TAccountStatus[]> = {
  '/payment': ['pending-payment', 'deactivated', 'deleted'],
  '/breakdown': ['pending-breakdown'],
  '/keys': ['pending-keys'],
  '/coinbase': ['pending-coinbase-account'],
  '/discord': ['pending-discord'],
  '/tos': ['pending-tos'],
};

/** The signed-in account area: active accounts only. */
const ACCOUNT_AREA = [
  '/dashboard',
  '/history',
  '/stats',
  '/rank',
  '/academy',
  '/support',
  '/epic',
  '/partners',
  '/settings',
  '/admin',
];

const DEFAULT_HOME = '/dashboard';

const within = (path: string, route: string) => path === route || path.startsWith(`${route}/`);
const matchAny = (path: string, routes: readonly string[]) => routes.find((route) => within(path, route));

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** A remembered page is only honoured when it lies in the account area (never a loop back to onboarding). */
export const isRememberablePage = (path: string): boolean =>
  matchAny(normalise(path), ACCOUNT_AREA) !== undefined && !within(normalise(path), '/admin');

/** The screen an account's status dictates (SPEC.md §2 root entry table). */
export const statusHome = (status: TAccountStatus, lastPage: string | null = null): string => {
  switch (status) {
    case 'pending-payment':
    case 'deactivated':
    case 'deleted':
      return '/payment';
    case 'pending-breakdown':
      return '/breakdown';
    case 'pending-keys':
      return '/keys';
    case 'pending-coinbase-account':
      return '/coinbase';
    case 'pending-discord':
      return '/discord';
    case 'pending-tos':
      return '/tos';
    case 'active':
      return lastPage && isRememberablePage(lastPage) ? lastPage : DEFAULT_HOME;
  }
};

const homeOf = (viewer: Viewer & { signedIn: true }, context: RouteContext): string =>
  viewer.status === 'active' && !context.launched && viewer.role !== 'owner'
    ? '/launch'
    : statusHome(viewer.status, context.lastPage);

/** Whether `viewer` may see `pathname`, and if not where to send them. */
export const resolveRoute = (pathname: string, viewer: Viewer, context: RouteContext): RouteDecision => {
  const path = normalise(pathname);
  const allow: RouteDecision = { allowed: true };
  const redirect = (redirectTo: string): RouteDecision => ({ allowed: false, redirectTo });

  if (ALWAYS_PUBLIC.includes(path)) return allow;

  if (matchAny(path, UNTIL_ACTIVE)) {
    if (!viewer.signedIn || viewer.status !== 'active') return allow;
    // Before launch, /launch is where active accounts wait.
    if (within(path, '/launch') && !context.launched) return allow;
    return redirect(homeOf(viewer, context));
  }

  const onboarding = matchAny(path, Object.keys(ONBOARDING_SCREENS));
  if (onboarding) {
    if (!viewer.signedIn) return redirect('/login');
    const statuses = ONBOARDING_SCREENS[onboarding] ?? [];
    return statuses.includes(viewer.status) ? allow : redirect(homeOf(viewer, context));
  }

  if (matchAny(path, ACCOUNT_AREA)) {
    if (!viewer.signedIn) return redirect('/login');
    if (viewer.status !== 'active') return redirect(homeOf(viewer, context));
    if (!context.launched && viewer.role !== 'owner') return redirect('/launch');
    if (within(path, '/admin') && viewer.role !== 'owner') return redirect(DEFAULT_HOME);
    return allow;
  }

  return redirect('/');
};

/**
 * Root entry (SPEC.md §2): where `/` sends a viewer, or null to show the landing page.
 * Pending screens come first so onboarding can finish before launch; active accounts wait on /launch.
 */
export const rootDestination = (viewer: Viewer, context: RouteContext): string | null =>
  viewer.signedIn ? homeOf(viewer, context) : null;

/** Paths where the real-time connection stays closed (SPEC.md §4): the marketing, legal and login pages. */
export const isPublicPath = (pathname: string): boolean => {
  const path = normalise(pathname);
  return ALWAYS_PUBLIC.includes(path) || matchAny(path, UNTIL_ACTIVE) !== undefined;
};
