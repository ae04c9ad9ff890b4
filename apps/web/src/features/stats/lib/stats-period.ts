import { STATS_PERIODS, type TStatsPeriod } from '@cdca/contracts';

/** The server's own default (docs/decisions/stats-figures.md), so a plain /stats and the API agree. */
export const DEFAULT_STATS_PERIOD: TStatsPeriod = '30d';

export const STATS_PERIOD_LABELS: Record<TStatsPeriod, string> = {
  '24h': '24 h',
  '7d': '7 d',
  '30d': '30 d',
  '90d': '90 d',
  all: 'All',
};

/** Said after a figure: 'in the last 30 days', 'since your first epic'. */
export const STATS_PERIOD_PHRASES: Record<TStatsPeriod, string> = {
  '24h': 'in the last 24 hours',
  '7d': 'in the last 7 days',
  '30d': 'in the last 30 days',
  '90d': 'in the last 90 days',
  all: 'since your first epic',
};

const isPeriod = (value: string | null): value is TStatsPeriod =>
  STATS_PERIODS.some((period) => period === value);

/** The period lives in the URL (?period=) so a view can be reloaded and shared; anything unknown is the default. */
export const readStatsPeriod = (params: URLSearchParams): TStatsPeriod => {
  const value = params.get('period');
  return isPeriod(value) ? value : DEFAULT_STATS_PERIOD;
};

/** The default is left out so the plain /stats URL stays plain; other parameters are kept. */
export const writeStatsPeriod = (params: URLSearchParams, period: TStatsPeriod): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (period === DEFAULT_STATS_PERIOD) next.delete('period');
  else next.set('period', period);
  return next;
};
