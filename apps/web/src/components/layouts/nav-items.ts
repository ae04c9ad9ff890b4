import {
  ChartColumn,
  Handshake,
  History,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Settings,
  ShieldCheck,
  Trophy,
} from 'lucide-react';
import { type NavIcon, ROUTES } from '@/config/routes.ts';
import { matchesRoute } from '@/lib/auth/route-match.ts';

export type NavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  ownerOnly?: boolean;
  partnersOnly?: boolean;
};

const NAV_ICONS: Readonly<Record<NavIcon, LucideIcon>> = {
  dashboard: LayoutDashboard,
  history: History,
  stats: ChartColumn,
  rank: Trophy,
  support: LifeBuoy,
  partners: Handshake,
  settings: Settings,
  admin: ShieldCheck,
};

/**
 * docs/product.md §2 main navigation: the manifest's entries with a nav placement, in order; ADMIN only for owners,
 * Partners only for partners.
 */
export const NAV_ITEMS: readonly NavItem[] = ROUTES.flatMap((route) =>
  route.nav
    ? [
        {
          to: route.path,
          label: route.nav.label,
          icon: NAV_ICONS[route.nav.icon],
          ...(route.access === 'owner' ? { ownerOnly: true } : {}),
          ...(route.nav.partnersOnly ? { partnersOnly: true } : {}),
        },
      ]
    : [],
);

/** A menu item is highlighted when the current path contains its route (docs/product.md §2). */
export const isNavItemActive = (pathname: string, route: string): boolean => pathname.includes(route);

const TITLED = ROUTES.flatMap((route) => (route.title ? [{ path: route.path, title: route.title }] : []));

/** The mobile header's page title: the most specific manifest entry with a title that holds the path. */
export const pageTitleOf = (pathname: string): string => {
  let best: { path: string; title: string } | undefined;
  for (const entry of TITLED) {
    if (matchesRoute(pathname, entry.path, true) && (!best || entry.path.length > best.path.length))
      best = entry;
  }
  return best?.title ?? 'CDCA';
};
