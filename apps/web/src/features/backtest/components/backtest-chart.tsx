import type { TBacktestStart } from '@cdca/contracts';
import { memo } from 'react';
import type { PriceSeries } from '../api/get-candle-series.ts';
import type { OutcomeTone } from '../lib/outcome-buckets.ts';
import styles from './backtest.module.css';

export type BacktestChartProps = {
  series: PriceSeries | undefined;
  starts: readonly TBacktestStart[];
  /** The window's edges, epoch ms: both the line and the strip are drawn against them. */
  from: number;
  to: number;
  label: string;
};

/** Drawn in a fixed coordinate box and stretched to the card's width; strokes keep their width. */
const W = 1000;
const LINE_H = 120;
const STRIP_H = 14;
const GAP = 8;

const linePath = (series: PriceSeries, from: number, to: number): string => {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const price of series.close) {
    if (price < low) low = price;
    if (price > high) high = price;
  }
  const span = high - low || 1;
  const x = (time: number) => (((time - from) / (to - from || 1)) * W).toFixed(1);
  const y = (price: number) => (LINE_H - 4 - ((price - low) / span) * (LINE_H - 8)).toFixed(1);
  const parts: string[] = [];
  for (let i = 0; i < series.close.length; i++) {
    parts.push(`${i === 0 ? 'M' : 'L'}${x(series.time[i] ?? 0)} ${y(series.close[i] ?? 0)}`);
  }
  return parts.join('');
};

/** One path per outcome: a few hundred thin bars, each where its epic started. */
const stripPaths = (starts: readonly TBacktestStart[], from: number, to: number) => {
  const width = Math.max(1.5, W / Math.max(1, starts.length));
  const paths: Record<OutcomeTone, string[]> = { closed: [], open: [], stopped: [] };
  for (const start of starts) {
    if (start.outcome === 'refused') continue;
    const x = ((start.startTime - from) / (to - from || 1)) * W;
    paths[start.outcome].push(
      `M${x.toFixed(1)} ${LINE_H + GAP}h${width.toFixed(1)}v${STRIP_H}h-${width.toFixed(1)}z`,
    );
  }
  return paths;
};

/**
 * The coin's price over the window with every start marked under it by how it ended: green closed, amber still
 * open at the end, red stopped. Where the strip turns amber, the price fell away from the ladder. Memoised: the form
 * re-renders the panel on every keystroke while the report it draws is unchanged.
 */
export const BacktestChart = memo(({ series, starts, from, to, label }: BacktestChartProps) => {
  const strip = stripPaths(starts, from, to);
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${W} ${LINE_H + GAP + STRIP_H}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      {series && series.close.length > 1 ? (
        <path className={styles.priceLine} d={linePath(series, from, to)} vectorEffect="non-scaling-stroke" />
      ) : null}
      {(Object.keys(strip) as OutcomeTone[]).map((tone) =>
        strip[tone].length > 0 ? <path key={tone} className={styles[tone]} d={strip[tone].join('')} /> : null,
      )}
    </svg>
  );
});
