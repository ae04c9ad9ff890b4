import { PUBLIC_PAGES, type PublicPage, publicPageFor } from '@cdca/contracts';
import {
  type ComponentType,
  lazy,
  Suspense,
  startTransition,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';
import type { PublicNavigate } from '@/components/layouts/public-layout-link.tsx';
import { PageErrorBoundary } from '@/components/ui/page-error-boundary.tsx';
import { PageSkeleton } from '@/components/ui/page-skeleton.tsx';
import { withChunkTimeout } from '@/lib/chunk-load.ts';
import { quickBootTarget } from './boot.ts';
import { PublicLanding } from './landing.tsx';

type PageModule = { default: ComponentType };

/** The public pages' modules, keyed as the manifest names them (`public/routes/plans.tsx`). */
const MODULES = import.meta.glob<PageModule>('./routes/*.tsx');

const pageFor = (page: PublicPage): ComponentType => {
  const load = MODULES[`./${page.module.slice('public/'.length)}`];
  return load ? lazy(withChunkTimeout(load, page.module)) : PublicLanding;
};

/**
 * The public bundle's pages from the route manifest (packages/contracts public-pages.ts). The landing page ships
 * with the entry (it is the first paint); every other public page is its own chunk.
 */
const PAGES: ReadonlyMap<string, ComponentType> = new Map(
  PUBLIC_PAGES.map((page) => [page.path, page.path === '/' ? PublicLanding : pageFor(page)]),
);

const NAVIGATED = 'cdca:public-navigate';

type PublicLocation = { path: string; hash: string };

/** Where the public site is, from the address bar; any other path is shown (and written) as `/`. */
const currentLocation = (): PublicLocation => {
  const target = quickBootTarget(window.location, false);
  const path = target?.app === 'public' ? target.path : '/';
  if (path !== window.location.pathname) {
    window.history.replaceState(
      window.history.state,
      '',
      `${path}${window.location.search}${window.location.hash}`,
    );
  }
  return { path, hash: window.location.hash };
};

/**
 * Client-side moves between public pages; anything else (sign-in, the account area, unknown addresses, other
 * sites) is left to the browser, which loads it — and with it whatever app it needs — as a new page.
 */
export const navigatePublic: PublicNavigate = (href) => {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) return false;
  const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
  // A plain in-page anchor: the browser scrolls to it.
  if (samePage && url.hash) return false;
  if (quickBootTarget(url, false)?.app !== 'public') return false;
  window.history.pushState(null, '', `${url.pathname}${url.search}${url.hash}`);
  window.dispatchEvent(new Event(NAVIGATED));
  return true;
};

const setHeadFor = (path: string) => {
  const page = publicPageFor(path);
  if (!page) return;
  document.title = page.title;
  document.querySelector('meta[name="description"]')?.setAttribute('content', page.description);
};

export type PublicRouterProps = { initialPath: string };

/** The public site's router: a handful of paths, no router library in the public bundle. */
export const PublicRouter = ({ initialPath }: PublicRouterProps) => {
  const [location, setLocation] = useState<PublicLocation>(() => ({
    path: initialPath,
    hash: window.location.hash,
  }));
  const [moves, setMoves] = useState(0);

  useEffect(() => {
    const follow = () =>
      // A transition keeps the current page on screen while the next one's chunk loads.
      startTransition(() => {
        setLocation(currentLocation());
        setMoves((count) => count + 1);
      });
    window.addEventListener('popstate', follow);
    window.addEventListener(NAVIGATED, follow);
    return () => {
      window.removeEventListener('popstate', follow);
      window.removeEventListener(NAVIGATED, follow);
    };
  }, []);

  // After a move, start at the top of the new page, or at the section its address names.
  useLayoutEffect(() => {
    if (moves === 0) return;
    setHeadFor(location.path);
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) {
      target.scrollIntoView({ block: 'start' });
      return;
    }
    window.scrollTo(0, 0);
    // Screen readers start reading the new page, not wherever focus was left on the old one.
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [moves, location]);

  const Page = PAGES.get(location.path) ?? PublicLanding;
  return (
    <PageErrorBoundary label="public page error">
      <Suspense fallback={<PageSkeleton />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
};
