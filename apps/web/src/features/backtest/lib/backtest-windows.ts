import type { TBacktestStartEvery, TCandleSeriesGranularity, TCandleWindow } from '@cdca/contracts';

/** The windows the panel offers, shortest first; 90 days is where it opens. */
export const WINDOWS: readonly TCandleWindow[] = ['30d', '90d', '365d'];
export const DEFAULT_WINDOW: TCandleWindow = '90d';

export const WINDOW_LABELS: Readonly<Record<TCandleWindow, string>> = {
  '30d': '30 days',
  '90d': '90 days',
  '365d': '1 year',
};

/**
 * How often an epic starts in each window: 180, 90 and 365 starts, enough for a distribution while the replay (a
 * plan per start, ~0.4 ms each) answers a changed input quickly (docs/decisions/backtest-panel.md).
 */
export const START_EVERY: Readonly<Record<TCandleWindow, TBacktestStartEvery>> = {
  '30d': '4h',
  '90d': '1d',
  '365d': '1d',
};

export const START_EVERY_WORDS: Readonly<Record<TBacktestStartEvery, string>> = {
  '1h': 'every hour',
  '4h': 'every 4 hours',
  '1d': 'every day',
};

/** The chart needs the shape of the price, not every minute: hourly points up to 90 days, daily for a year. */
export const CHART_GRANULARITY: Readonly<Record<TCandleWindow, TCandleSeriesGranularity>> = {
  '30d': '1h',
  '90d': '1h',
  '365d': '1d',
};
