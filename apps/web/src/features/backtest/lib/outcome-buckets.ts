import type { TBacktestStart } from '@cdca/contracts';

export type OutcomeTone = 'closed' | 'open' | 'stopped';
export type OutcomeBucket = { label: string; count: number; tone: OutcomeTone };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Closes by how long they took; the edges a trader thinks in (a day, a few days, a week, two). */
const CLOSE_BUCKETS: readonly { label: string; under: number }[] = [
  { label: 'Under 1 day', under: DAY_MS },
  { label: '1–3 days', under: 3 * DAY_MS },
  { label: '3–7 days', under: 7 * DAY_MS },
  { label: '1–2 weeks', under: 14 * DAY_MS },
  { label: '2+ weeks', under: Number.POSITIVE_INFINITY },
];

/**
 * The histogram of outcomes: closes by time to close, then the starts still open at the window's end and those
 * that hit the stop. Refused starts (the plan could not be placed at that price) are not outcomes and are left out.
 */
export const outcomeBuckets = (starts: readonly TBacktestStart[]): OutcomeBucket[] => {
  const closes = CLOSE_BUCKETS.map((bucket) => ({ label: bucket.label, count: 0, tone: 'closed' as const }));
  let open = 0;
  let stopped = 0;
  for (const start of starts) {
    if (start.outcome === 'open') open += 1;
    else if (start.outcome === 'stopped') stopped += 1;
    else if (start.outcome === 'closed') {
      const took = start.timeToCloseMs ?? 0;
      const index = CLOSE_BUCKETS.findIndex((bucket) => took < bucket.under);
      const bucket = closes[index];
      if (bucket) bucket.count += 1;
    }
  }
  return [
    ...closes,
    { label: 'Still open', count: open, tone: 'open' },
    { label: 'Stopped', count: stopped, tone: 'stopped' },
  ];
};

/** The deepest any start went under water, USD (0 or negative); null when nothing traded. */
export const worstDrawdown = (starts: readonly TBacktestStart[]): string | null => {
  let worst: string | null = null;
  for (const start of starts) {
    if (start.outcome === 'refused') continue;
    if (worst === null || Number(start.deepestDrawdown) < Number(worst)) worst = start.deepestDrawdown;
  }
  return worst;
};
