const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const longDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** docs/product.md §2 payment card: the creation date in long US format, e.g. 'October 1, 2025'. */
export const formatLongDate = (iso: string): string => longDate.format(new Date(iso));

/** 'October 6, 2025 at 2:30 PM': due dates, where the hour matters. */
export const formatLongDateTime = (iso: string): string => longDateTime.format(new Date(iso));

const HOUR_MS = 3_600_000;

/** 'in 3 days', 'in 5 hours', 'in 12 minutes', 'overdue'; rounded down so it never promises more time. */
export const timeLeft = (iso: string, now: number): string => {
  const ms = Date.parse(iso) - now;
  if (ms <= 0) return 'overdue';
  if (ms < 60_000) return 'in under a minute';
  const plural = (n: number, unit: string) => `in ${n} ${unit}${n === 1 ? '' : 's'}`;
  if (ms >= 48 * HOUR_MS) return plural(Math.floor(ms / (24 * HOUR_MS)), 'day');
  if (ms >= HOUR_MS) return plural(Math.floor(ms / HOUR_MS), 'hour');
  return plural(Math.floor(ms / 60_000), 'minute');
};
