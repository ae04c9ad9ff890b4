/** Paths compare without a trailing slash: `/dashboard/` is `/dashboard`. */
export const normalisePath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment.length > 0);

/**
 * Whether `pathname` is the manifest path `pattern` (`:param` segments match any value), or — with `within` —
 * lies under it (`/settings/billing` under `/settings`).
 */
export const matchesRoute = (pathname: string, pattern: string, within: boolean): boolean => {
  const path = segmentsOf(normalisePath(pathname));
  const route = segmentsOf(pattern);
  if (path.length < route.length || (!within && path.length !== route.length)) return false;
  return route.every((segment, index) => segment.startsWith(':') || segment === path[index]);
};
