import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
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
import { RouteError } from './route-error.tsx';

type RouteModule = { default: ComponentType };

/** Every page module of both bundles, keyed by path under src/app/ as the manifest names them. */
const MODULES: Readonly<Record<string, () => Promise<RouteModule>>> = Object.fromEntries(
  Object.entries({
    ...import.meta.glob<RouteModule>('./routes/**/*.tsx'),
    ...import.meta.glob<RouteModule>('../public/routes/*.tsx'),
  }).map(([key, load]) => [key.startsWith('./') ? `account/${key.slice(2)}` : key.slice(3), load]),
);

/** Every screen is its own chunk: the landing page never downloads the account area. */
const lazyModule = (module: PageModulePath): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const load = MODULES[module];
    if (!load) throw new Error(`No page module ${module} (config/routes.ts).`);
    return { Component: (await withChunkTimeout(load, module)()).default };
  },
});

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
 * The account app's router, derived from the route manifest (config/routes.ts, docs/decisions/route-manifest.md):
 * public pages outside the guard, everything else behind it in its frame.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSkeleton />,
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

export const createAppRouter = () => createBrowserRouter(routes);
