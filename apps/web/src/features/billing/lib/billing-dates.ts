const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const longDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** docs/product.md §2 payment card: the creation date in long US format, e.g. 'October 1, 2025'. */
export const formatLongDate = (iso: string): string => longDate.format(new Date(iso));

/** 'October 6, 2025 at 2:30 PM': due dates, where the hour matters. */
export const formatLongDateTime = (iso: string): string => longDateTime.format(new Date(iso));

const HOUR_MS = 3_600_000;

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * 'in 3 days, 4 hours', 'in 5 hours', 'in 12 minutes', 'overdue'; rounded down so it never promises more time.
 * Days carry their hours: a bare day count read 'in 5 days' at the creation of a 5-day payment and 'in 4 days' a
 * minute later.
 */
export const timeLeft = (iso: string, now: number): string => {
  const ms = Date.parse(iso) - now;
  if (ms <= 0) return 'overdue';
  if (ms < 60_000) return 'in under a minute';
  const hours = Math.floor(ms / HOUR_MS);
  if (hours >= 48) {
    const days = Math.floor(hours / 24);
    return hours % 24 === 0
      ? `in ${count(days, 'day')}`
      : `in ${count(days, 'day')}, ${count(hours % 24, 'hour')}`;
  }
  if (hours >= 1) return `in ${count(hours, 'hour')}`;
  return `in ${count(Math.floor(ms / 60_000), 'minute')}`;
};
