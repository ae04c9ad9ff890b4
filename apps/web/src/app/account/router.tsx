import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactElement,
  type ReactNode,
  Suspense,
} from 'react';
import { matchRoute, Redirect, Route, useLocation, useRouter } from 'wouter';
import { PageErrorBoundary } from '@/components/ui/page-error-boundary.tsx';
import { PageSkeleton } from '@/components/ui/page-skeleton.tsx';
import {
  type AppRoute,
  type PageModulePath,
  type PageRoute,
  ROUTES,
  type RouteAccess,
  type SectionRoute,
} from '@/config/routes.ts';
import { withChunkTimeout } from '@/lib/chunk-load.ts';
import { OutletContext } from '@/lib/router/outlet.tsx';
import { RouteGuard } from './guards/route-guard.tsx';
import { RootEntry } from './root-entry.tsx';
import { RootLayout } from './root-layout.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';

type RouteModule = { default: ComponentType };

/** Every page module of both bundles, keyed by path under src/app/ as the manifest names them. */
const MODULES: Readonly<Record<string, () => Promise<RouteModule>>> = Object.fromEntries(
  Object.entries({
    ...import.meta.glob<RouteModule>('./routes/**/*.tsx'),
    ...import.meta.glob<RouteModule>('../public/routes/*.tsx'),
  }).map(([key, load]) => [key.startsWith('./') ? `account/${key.slice(2)}` : key.slice(3), load]),
);

/** One download per page module, shared by its component and the address's preload (AppRoutes). */
const downloads = new Map<PageModulePath, Promise<RouteModule>>();
const download = (module: PageModulePath): Promise<RouteModule> => {
  const started = downloads.get(module);
  if (started) return started;
  const load = MODULES[module];
  const loading = load
    ? withChunkTimeout(load, module)()
    : Promise.reject(new Error(`No page module ${module} (config/routes.ts).`));
  downloads.set(module, loading);
  return loading;
};

const pages = new Map<PageModulePath, LazyExoticComponent<ComponentType>>();

/** One level of what an address shows: a frame (it renders an Outlet) or, last, the page itself. */
type Frame = { element: ReactElement; module?: PageModulePath };

/** Every screen is its own chunk: the landing page never downloads the account area. */
const lazyModule = (module: PageModulePath): Frame => {
  const Page = pages.get(module) ?? lazy(() => download(module));
  pages.set(module, Page);
  return { element: <Page />, module };
};

const redirect = (to: string): Frame => ({ element: <Redirect to={to} replace /> });

/** An address pattern, what it shows (its frames nested through their Outlets) and the modules that takes. */
type Leaf = { path: string; modules: readonly PageModulePath[]; element: ReactNode };

/** The frames, outermost first, each given the next one down (the page last) as what its Outlet renders. */
const nest = (frames: readonly Frame[]): ReactNode => {
  let inner: ReactNode = null;
  for (const frame of [...frames].reverse()) {
    inner = inner === null ? frame.element : <OutletContext value={inner}>{frame.element}</OutletContext>;
  }
  return inner;
};

const leaf = (path: string, frames: readonly Frame[]): Leaf => ({
  path,
  modules: frames.flatMap((frame) => frame.module ?? []),
  element: nest(frames),
});

/** The frames pages render in, by their access rule (docs/product.md §2): onboarding steps and the app shell. */
const ONBOARDING_FRAME: PageModulePath = 'account/routes/onboarding/layout.tsx';
const SHELL_FRAME: PageModulePath = 'account/routes/shell-layout.tsx';

const under = (route: AppRoute, parent: string) => route.path.startsWith(`${parent}/`);

/** A section's bare path leads to its index page (a path relative to the section's, as React Router read it). */
const sectionIndex = (section: SectionRoute) =>
  section.index.startsWith('/') ? section.index : `${section.path}/${section.index}`;

const leavesOf = (route: AppRoute, frames: readonly Frame[]): Leaf[] => {
  if (route.kind === 'page') return [leaf(route.path, [...frames, lazyModule(route.module)])];
  if (route.kind === 'redirect') return [leaf(route.path, [...frames, redirect(route.to)])];
  const inSection = [...frames, lazyModule(route.layout)];
  return [
    leaf(route.path, [...inSection, redirect(sectionIndex(route))]),
    ...ROUTES.filter((child) => under(child, route.path)).flatMap((child) => leavesOf(child, inSection)),
  ];
};

/** Top-level entries with this access: pages inside a section are built by their section. */
const topLevel = (matches: (access: RouteAccess) => boolean) => {
  const sections = ROUTES.filter((route) => route.kind === 'section');
  return ROUTES.filter(
    (route) => matches(route.access) && !sections.some((section) => under(route, section.path)),
  );
};

const isOnboarding = (access: RouteAccess) => typeof access === 'object';
const isAccountArea = (access: RouteAccess) => access === 'account' || access === 'owner';

const landing = ROUTES.find((route): route is PageRoute => route.kind === 'page' && route.path === '/');

const ROOT: Frame = { element: <RootLayout /> };
const GUARD: Frame = { element: <RouteGuard /> };

/**
 * The account app's addresses, derived from the route manifest (config/routes.ts,
 * docs/decisions/route-manifest.md): public pages outside the guard, everything else behind it in its frame. The
 * first that matches wins, so paths with a `:param` come after every fixed one (`/admin/users/:userId` never
 * shadows a fixed sibling), as React Router ranked them.
 */
export const LEAVES: readonly Leaf[] = [
  // `/` sends signed-in accounts where their status says (docs/product.md §2 root entry), else shows the landing page.
  ...(landing ? [leaf('/', [ROOT, { element: <RootEntry /> }, lazyModule(landing.module)])] : []),
  ...topLevel((access) => access === 'public')
    .filter((route) => route.path !== '/')
    .flatMap((route) => leavesOf(route, [ROOT])),
  ...topLevel((access) => access === 'until-active').flatMap((route) => leavesOf(route, [ROOT, GUARD])),
  ...topLevel(isOnboarding).flatMap((route) => leavesOf(route, [ROOT, GUARD, lazyModule(ONBOARDING_FRAME)])),
  ...topLevel(isAccountArea).flatMap((route) => leavesOf(route, [ROOT, GUARD, lazyModule(SHELL_FRAME)])),
].sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));

/** Any other address goes to `/`. */
const NOT_FOUND = leaf('/*', [ROOT, redirect('/')]);

/**
 * The account app's pages, under BrowserHistoryRouter (provider.tsx): wouter (~2 KB gzip) over the browser's
 * history, moved in transitions so the old page stays on screen while the next one's chunk arrives. Each address
 * is one leaf: its frames (root, guard, shell or onboarding frame, section) nested through their Outlets, the page
 * last. Every lazy module the address needs (frame and page) starts downloading at once rather than one after the
 * other, a page that fails shows the error screen until the address changes, and scroll positions are restored
 * (scroll-restoration.tsx).
 */
export const AppRoutes = () => {
  const [pathname] = useLocation();
  const { parser } = useRouter();
  const matched = LEAVES.find((candidate) => matchRoute(parser, candidate.path, pathname)[0]) ?? NOT_FOUND;
  // Idempotent (one download per module), so safe during render: the frame's chunk and the page's go out together.
  for (const module of matched.modules) download(module).catch(() => undefined);
  return (
    <PageErrorBoundary label="route error" resetKey={pathname}>
      {/* wouter's Route gives the page its `:param`s (useParams). */}
      <Suspense fallback={<PageSkeleton />}>
        <Route path={matched.path}>{matched.element}</Route>
      </Suspense>
      <ScrollRestoration />
    </PageErrorBoundary>
  );
};
