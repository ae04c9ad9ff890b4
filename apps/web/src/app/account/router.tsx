import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
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

const isPageModule = (value: unknown): value is PageModulePath =>
  typeof value === 'string' && value in MODULES;

const pages = new Map<PageModulePath, LazyExoticComponent<ComponentType>>();

/** Every screen is its own chunk: the landing page never downloads the account area. */
const lazyModule = (module: PageModulePath): Pick<RouteObject, 'element' | 'handle'> => {
  const Page = pages.get(module) ?? lazy(() => download(module));
  pages.set(module, Page);
  return { element: <Page />, handle: module };
};

/** The frames pages render in, by their access rule (docs/product.md §2): onboarding steps and the app shell. */
const ONBOARDING_FRAME: PageModulePath = 'account/routes/onboarding/layout.tsx';
const SHELL_FRAME: PageModulePath = 'account/routes/shell-layout.tsx';

const relative = (path: string, parent: string) => path.slice(parent.length).replace(/^\//, '');

const routeObject = (route: PageRoute | AppRoute, parent: string): RouteObject => {
  const path = relative(route.path, parent);
  if (route.kind === 'page') return { path, ...lazyModule(route.module) };
  if (route.kind === 'redirect') return { path, element: <Navigate to={route.to} replace /> };
  return sectionObject(route, path);
};

const under = (route: AppRoute, parent: string) => route.path.startsWith(`${parent}/`);

const sectionObject = (section: SectionRoute, path: string): RouteObject => ({
  path,
  ...lazyModule(section.layout),
  children: [
    { index: true, element: <Navigate to={section.index} replace /> },
    ...ROUTES.filter((route) => under(route, section.path)).map((route) => routeObject(route, section.path)),
  ],
});

/** Top-level entries with this access: pages inside a section are built by their section. */
const topLevel = (matches: (access: RouteAccess) => boolean) => {
  const sections = ROUTES.filter((route) => route.kind === 'section');
  return ROUTES.filter(
    (route) => matches(route.access) && !sections.some((section) => under(route, section.path)),
  ).map((route) => routeObject(route, ''));
};

const isOnboarding = (access: RouteAccess) => typeof access === 'object';
const isAccountArea = (access: RouteAccess) => access === 'account' || access === 'owner';

const landing = ROUTES.find((route): route is PageRoute => route.kind === 'page' && route.path === '/');

/**
 * The account app's routes, derived from the route manifest (config/routes.ts, docs/decisions/route-manifest.md):
 * public pages outside the guard, everything else behind it in its frame.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // `/` sends signed-in accounts where their status says (docs/product.md §2 root entry), else shows the landing page.
      { element: <RootEntry />, children: landing ? [{ index: true, ...lazyModule(landing.module) }] : [] },
      ...topLevel((access) => access === 'public').filter((route) => route.path !== ''),
      {
        element: <RouteGuard />,
        children: [
          ...topLevel((access) => access === 'until-active'),
          { ...lazyModule(ONBOARDING_FRAME), children: topLevel(isOnboarding) },
          { ...lazyModule(SHELL_FRAME), children: topLevel(isAccountArea) },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/**
 * The account app's pages, under BrowserRouter (provider.tsx). React Router's declarative mode, not its data
 * router: the app loads no data through routes, and the data router is ~15 KB gzip more on every signed-in first
 * paint (docs/decisions/code-splitting.md). What the data router gave is kept: every lazy module the address
 * needs (frame and page) starts downloading at once rather than one after the other, a page that fails shows the
 * error screen, and scroll positions are restored (scroll-restoration.tsx). Navigations run in a transition, so the
 * old page stays on screen while the next one's chunk arrives.
 */
export const AppRoutes = () => {
  const location = useLocation();
  // Idempotent (one download per module), so safe during render: the frame's chunk and the page's go out together.
  for (const match of matchRoutes(routes, location) ?? []) {
    const module: unknown = match.route.handle;
    if (isPageModule(module)) download(module).catch(() => undefined);
  }
  const element = useRoutes(routes, location);
  return (
    <PageErrorBoundary label="route error" resetKey={location.pathname}>
      <Suspense fallback={<PageSkeleton />}>{element}</Suspense>
      <ScrollRestoration />
    </PageErrorBoundary>
  );
};
