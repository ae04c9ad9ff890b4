import type { TAccountStatus } from '@cdca/contracts';
import { PUBLIC_PAGES } from '@cdca/contracts';

/**
 * The route manifest: every page of docs/product.md §2 once, with who may see it, which bundle serves it, its module,
 * its header title and its place in the navigation. The account router, the public router, the guards, the
 * navigation and (through packages/contracts) the server's titles and sitemap are derived from it, so adding a
 * page is one entry plus its module (docs/decisions/route-manifest.md).
 */

/** docs/product.md §2 guard rules, one per page. */
export type RouteAccess =
  /** Everyone, whatever their status (exact path only). */
  | 'public'
  /** Public pages active accounts no longer need: they are sent home. */
  | 'until-active'
  /** An onboarding screen, open only to these statuses. */
  | { onboarding: readonly TAccountStatus[] }
  /** The signed-in account area: active accounts. */
  | 'account'
  /** Active owner accounts (the admin area). */
  | 'owner';

/** The public bundle has no router library and no account code; the account bundle serves every page. */
export type RouteBundle = 'public' | 'account';

/** A page module under src/app/, loaded as its own chunk (app/public/router.tsx, app/account/router.tsx). */
export type PageModulePath = `${RouteBundle}/routes/${string}.tsx`;

/** Icons the main navigation knows (components/layouts/nav-items.ts draws them). */
export type NavIcon =
  | 'dashboard'
  | 'history'
  | 'stats'
  | 'rank'
  | 'support'
  | 'partners'
  | 'settings'
  | 'admin';

type RouteBase = {
  /** What links use: `paths.dashboard`. */
  id: string;
  /** Absolute; `:param` segments match any value. */
  path: string;
  access: RouteAccess;
  /** The account area's header title (mobile), for this path and everything under it. */
  title?: string;
  /**
   * Listed in the main navigation, in manifest order. `partnersOnly`: shown to partner accounts only (the pages stay
   * open to every active account, docs/decisions/partner-programme.md).
   */
  nav?: { label: string; icon: NavIcon; partnersOnly?: true };
  /** A page under a section: its label in the section's tabs, in manifest order (sectionTabs). */
  tab?: string;
};

export type PageRoute = RouteBase & { kind: 'page'; bundle: RouteBundle; module: PageModulePath };

/** A tabbed section: the pages under its path render inside `layout`; the bare path leads to `index`. */
export type SectionRoute = RouteBase & { kind: 'section'; layout: PageModulePath; index: string };

export type RedirectRoute = RouteBase & { kind: 'redirect'; to: string };

export type AppRoute = PageRoute | SectionRoute | RedirectRoute;

/** The public bundle's pages: their paths, heads and sitemap live in packages/contracts, which the server reads. */
const PUBLIC_ROUTES = PUBLIC_PAGES.map((page): PageRoute & { id: typeof page.id } => ({
  kind: 'page',
  id: page.id,
  path: page.path,
  access: page.access,
  bundle: 'public',
  module: page.module,
}));

const page = <const Id extends string>(
  id: Id,
  path: string,
  access: RouteAccess,
  module: `account/routes/${string}.tsx`,
  extra: Pick<RouteBase, 'title' | 'nav' | 'tab'> = {},
): PageRoute & { id: Id } => ({ kind: 'page', id, path, access, bundle: 'account', module, ...extra });

const onboarding = <const Id extends string>(
  id: Id,
  statuses: readonly TAccountStatus[],
): PageRoute & { id: Id } =>
  page(id, `/${id}`, { onboarding: statuses }, `account/routes/onboarding/${id}.tsx`);

/** The account bundle's pages, in navigation order. */
const ACCOUNT_ROUTES = [
  page('login', '/login', 'public', 'account/routes/login.tsx'),
  page('logout', '/logout', 'public', 'account/routes/logout.tsx'),

  onboarding('payment', ['pending-payment', 'deactivated', 'deleted']),
  onboarding('breakdown', ['pending-breakdown']),
  onboarding('keys', ['pending-keys']),
  onboarding('coinbase', ['pending-coinbase-account']),
  onboarding('discord', ['pending-discord']),
  onboarding('tos', ['pending-tos']),

  page('dashboard', '/dashboard', 'account', 'account/routes/dashboard.tsx', {
    title: 'Dashboard',
    nav: { label: 'Dashboard', icon: 'dashboard' },
  }),
  page('newEpic', '/dashboard/new-epic', 'account', 'account/routes/create-epic.tsx', { title: 'New epic' }),
  page('history', '/history', 'account', 'account/routes/history.tsx', {
    title: 'History',
    nav: { label: 'History', icon: 'history' },
  }),
  page('stats', '/stats', 'account', 'account/routes/stats.tsx', {
    title: 'Stats',
    nav: { label: 'Stats', icon: 'stats' },
  }),
  page('rank', '/rank', 'account', 'account/routes/rank.tsx', {
    title: 'Rank',
    nav: { label: 'Rank', icon: 'rank' },
  }),
  page('academy', '/academy', 'account', 'account/routes/academy.tsx', { title: 'Academy' }),
  page('academyLesson', '/academy/:slug', 'account', 'account/routes/academy-lesson.tsx'),
  page('support', '/support', 'account', 'account/routes/support.tsx', {
    title: 'Support',
    nav: { label: 'Support', icon: 'support' },
  }),
  page('supportTicket', '/support/:ticketId', 'account', 'account/routes/support-ticket.tsx'),
  {
    kind: 'redirect',
    id: 'epic',
    path: '/epic',
    access: 'account',
    to: '/dashboard',
    title: 'Epic breakdown',
  },
  page('epicBreakdown', '/epic/:epicId', 'account', 'account/routes/epic.tsx'),

  {
    kind: 'section',
    id: 'partners',
    path: '/partners',
    access: 'account',
    layout: 'account/routes/partners/layout.tsx',
    index: 'referrals',
    title: 'Partners',
    nav: { label: 'Partners', icon: 'partners', partnersOnly: true },
  },
  page('partnerReferrals', '/partners/referrals', 'account', 'account/routes/partners/referrals.tsx', {
    tab: 'Referrals',
  }),
  page('partnerUsers', '/partners/users', 'account', 'account/routes/partners/users.tsx', { tab: 'Users' }),
  page('partnerPayouts', '/partners/payouts', 'account', 'account/routes/partners/payouts.tsx', {
    tab: 'Payouts',
  }),

  {
    kind: 'section',
    id: 'settings',
    path: '/settings',
    access: 'account',
    layout: 'account/routes/settings/layout.tsx',
    index: 'account',
    title: 'Settings',
    nav: { label: 'Settings', icon: 'settings' },
  },
  page('settingsAccount', '/settings/account', 'account', 'account/routes/settings/account.tsx', {
    tab: 'Account',
  }),
  page('settingsPreferences', '/settings/preferences', 'account', 'account/routes/settings/preferences.tsx', {
    tab: 'Preferences',
  }),
  page(
    'settingsNotifications',
    '/settings/notifications',
    'account',
    'account/routes/settings/notifications.tsx',
    { tab: 'Notifications' },
  ),
  page('settingsApiKeys', '/settings/api-keys', 'account', 'account/routes/settings/api-keys.tsx', {
    tab: 'API keys',
  }),
  page('settingsBilling', '/settings/billing', 'account', 'account/routes/settings/billing.tsx', {
    tab: 'Billing',
  }),
  page(
    'settingsSharedLinks',
    '/settings/shared-links',
    'account',
    'account/routes/settings/shared-links.tsx',
    { tab: 'Shared links' },
  ),
  page('settingsLogout', '/settings/logout', 'account', 'account/routes/logout.tsx', { tab: 'Log out' }),

  {
    kind: 'section',
    id: 'admin',
    path: '/admin',
    access: 'owner',
    layout: 'account/routes/admin/layout.tsx',
    index: 'users',
    title: 'Admin',
    nav: { label: 'Admin', icon: 'admin' },
  },
  page('adminUsers', '/admin/users', 'owner', 'account/routes/admin/users.tsx', { tab: 'Users' }),
  page('adminUser', '/admin/users/:userId', 'owner', 'account/routes/admin/user.tsx'),
  page('adminCharts', '/admin/charts', 'owner', 'account/routes/admin/charts.tsx', { tab: 'Charts' }),
  page('adminPayouts', '/admin/payouts', 'owner', 'account/routes/admin/payouts.tsx', { tab: 'Payouts' }),
  page('adminSupport', '/admin/support', 'owner', 'account/routes/admin/support.tsx', { tab: 'Support' }),
  page('adminMarketLab', '/admin/market-lab', 'owner', 'account/routes/admin/market-lab.tsx', {
    tab: 'Market lab',
  }),
] as const satisfies readonly AppRoute[];

const ALL_ROUTES = [...PUBLIC_ROUTES, ...ACCOUNT_ROUTES];

export type RouteId = (typeof ALL_ROUTES)[number]['id'];

export const ROUTES: readonly AppRoute[] = ALL_ROUTES;

/** A section's tabs: the pages under its path that name a tab, in manifest order (settings, admin, partners). */
export const sectionTabs = (sectionPath: string): { to: string; label: string }[] =>
  ROUTES.flatMap((route) =>
    route.kind === 'page' && route.tab && route.path.startsWith(`${sectionPath}/`)
      ? [{ to: route.path, label: route.tab }]
      : [],
  );

/** Every route's path by its id, so links are never typed twice. */
export const paths = Object.fromEntries(ALL_ROUTES.map((route) => [route.id, route.path])) as Readonly<
  // Object.fromEntries cannot know the keys; ALL_ROUTES holds exactly one entry per RouteId.
  Record<RouteId, string>
>;
