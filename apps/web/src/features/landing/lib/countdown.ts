export type CountdownParts = { weeks: number; days: number; hours: number };

const HOUR_MS = 3_600_000;

/**
 * Whole weeks, days and hours left until `target` (docs/product.md §1), each rounded down so the banner never promises
 * more time than is left; null once the instant has come.
 */
export const countdownParts = (target: number, now: number): CountdownParts | null => {
  const left = target - now;
  if (!(left > 0)) return null;
  const totalHours = Math.floor(left / HOUR_MS);
  const totalDays = Math.floor(totalHours / 24);
  return { weeks: Math.floor(totalDays / 7), days: totalDays % 7, hours: totalHours % 24 };
};

const unit = (count: number, singular: string) => `${count} ${singular}${count === 1 ? '' : 's'}`;

/** "4 weeks, 2 days and 1 hour": what a screen reader announces for the banner. */
export const describeCountdown = ({ weeks, days, hours }: CountdownParts): string =>
  `${unit(weeks, 'week')}, ${unit(days, 'day')} and ${unit(hours, 'hour')}`;
