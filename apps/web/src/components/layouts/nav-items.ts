import {
  ChartColumn,
  History,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Settings,
  ShieldCheck,
  Trophy,
} from 'lucide-react';
import { paths } from '@/config/paths.ts';

export type NavItem = { to: string; label: string; icon: LucideIcon; ownerOnly?: boolean };

/** SPEC.md §2 main navigation, in order; ADMIN only for owner accounts. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: paths.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { to: paths.history, label: 'History', icon: History },
  { to: paths.stats, label: 'Stats', icon: ChartColumn },
  { to: paths.rank, label: 'Rank', icon: Trophy },
  { to: paths.support, label: 'Support', icon: LifeBuoy },
  { to: paths.settings, label: 'Settings', icon: Settings },
  { to: paths.admin, label: 'Admin', icon: ShieldCheck, ownerOnly: true },
];

/** A menu item is highlighted when the current path contains its route (SPEC.md §2). */
export const isNavItemActive = (pathname: string, route: string): boolean => pathname.includes(route);

// First match wins, so a more specific path comes before the section it lives in.
const TITLES: [string, string][] = [
  ['/dashboard/new-epic', 'New epic'],
  ['/dashboard', 'Dashboard'],
  ['/history', 'History'],
  ['/stats', 'Stats'],
  ['/rank', 'Rank'],
  ['/support', 'Support'],
  ['/settings', 'Settings'],
  ['/admin', 'Admin'],
  ['/partners', 'Partners'],
  ['/academy', 'Academy'],
  ['/epic', 'Epic breakdown'],
];

/** The mobile header's page title. */
export const pageTitleOf = (pathname: string): string =>
  TITLES.find(([route]) => pathname.includes(route))?.[1] ?? 'CDCA';
