import type { TCandleGranularity } from '@cdca/contracts';

/** What the breakdown chart asks for: a granularity and a time window that covers the epic's life. */
export type CandleWindow = {
  granularity: TCandleGranularity;
  start: string;
  /** Undefined while the epic is live: the window runs to now and grows with realtime prices. */
  end: string | undefined;
};

const GRANULARITIES: readonly [TCandleGranularity, number][] = [
  ['ONE_MINUTE', 60],
  ['FIVE_MINUTE', 300],
  ['FIFTEEN_MINUTE', 900],
  ['THIRTY_MINUTE', 1_800],
  ['ONE_HOUR', 3_600],
  ['TWO_HOUR', 7_200],
  ['SIX_HOUR', 21_600],
  ['ONE_DAY', 86_400],
];

export const granularitySeconds = (granularity: TCandleGranularity): number =>
  GRANULARITIES.find(([name]) => name === granularity)?.[1] ?? 3_600;

/** Coinbase answers at most 300 candles per request. */
const MAX_CANDLES = 300;
/** A fresh epic still shows a few hours of the market it was started into. */
const MIN_SPAN_MS = 3 * 3_600_000;

/**
 * The finest granularity that shows the epic's whole life (plus a third before it, for context) in one request.
 * `now` is passed in so the window is stable: it is computed once per page visit, not on every render.
 */
export const candleWindowFor = (
  epic: { createdAt: string; closedAt: string | null },
  now: number,
): CandleWindow => {
  const created = Date.parse(epic.createdAt);
  const ended = epic.closedAt ? Date.parse(epic.closedAt) : now;
  const life = Math.max(0, ended - created);
  const span = Math.max(MIN_SPAN_MS, life * 1.34);
  const [granularity, seconds] = GRANULARITIES.find(([, step]) => span / (step * 1_000) <= MAX_CANDLES) ?? [
    'ONE_DAY',
    86_400,
  ];
  const tail = epic.closedAt ? Math.max(seconds * 1_000 * 10, life * 0.1) : 0;
  // Never before the close itself: a browser clock behind the server's would otherwise cut off the last fills.
  const end = epic.closedAt ? Math.min(Math.max(now, ended), ended + tail) : undefined;
  const start = (end ?? now) - Math.min(span + tail, MAX_CANDLES * seconds * 1_000);
  return {
    granularity,
    start: new Date(start).toISOString(),
    end: end === undefined ? undefined : new Date(end).toISOString(),
  };
};

/**
 * The range to ask for now. A live window runs to `now`, and its start moves up once the page has been open long
 * enough that the whole span would be more candles than one request may ask for (a refetch after a reconnect
 * would be refused otherwise).
 */
export const candleRange = (window: CandleWindow, now: number): { start: string; end: string } => {
  if (window.end !== undefined) return { start: window.start, end: window.end };
  const earliest = now - MAX_CANDLES * granularitySeconds(window.granularity) * 1_000;
  return {
    start: new Date(Math.max(Date.parse(window.start), earliest)).toISOString(),
    end: new Date(now).toISOString(),
  };
};
