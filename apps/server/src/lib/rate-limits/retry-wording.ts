const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Rounded up, so nobody who waits exactly as long is refused again. */
export const waitPhrase = (seconds: number): string => {
  if (seconds < 120) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 2 * 3600) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
};

/**
 * "Try again in 15 minutes, at 07:02 UTC." — the wait and the moment, because a page left open goes stale. The
 * server does not know the reader's time zone, so the moment is in UTC (rounded up to the minute past two minutes).
 */
export const tryAgainSentence = (seconds: number, now: Date): string => {
  const showSeconds = seconds < 120;
  const stepMs = showSeconds ? 1000 : 60_000;
  const at = new Date(Math.ceil((now.getTime() + seconds * 1000) / stepMs) * stepMs);
  const clock = `${twoDigits(at.getUTCHours())}:${twoDigits(at.getUTCMinutes())}${
    showSeconds ? `:${twoDigits(at.getUTCSeconds())}` : ''
  } UTC`;
  const sameDay = at.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);
  const day = sameDay ? '' : ` on ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]}`;
  return `Try again in ${waitPhrase(seconds)}, at ${clock}${day}.`;
};
