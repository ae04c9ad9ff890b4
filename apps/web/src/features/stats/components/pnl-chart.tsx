import { BaselineSeries, HistogramSeries } from 'lightweight-charts';
import { useEffect } from 'react';
import { readChartTheme, withAlpha } from '@/components/charts/chart-theme.ts';
import { dayTime, useDayChart } from '@/components/charts/day-chart.ts';
import { formatSignedUsd } from '@/lib/format/number.ts';
import type { PnlPoint } from '../lib/pnl-series.ts';
import styles from './stats.module.css';

export type PnlChartProps = {
  points: readonly PnlPoint[];
  kind: 'daily' | 'cumulative';
  height: number;
  /** What the chart shows, for screen readers. */
  label: string;
};

/**
 * Realised P&L by day (green and red bars) or as a running total (an area above and below zero), drawn by
 * lightweight-charts. This module is loaded lazily (stats-page.tsx), so the chart library is fetched only when a
 * chart is shown. Numbers here place pixels; every amount shown in text comes from the server's decimals.
 */
export const PnlChart = ({ points, kind, height, label }: PnlChartProps) => {
  const { containerRef, chart, removeSeries } = useDayChart(formatSignedUsd);

  useEffect(() => {
    if (!chart) return;
    const theme = readChartTheme();
    const data = points.map((point) => ({ time: dayTime(point.date), value: Number(point.value) }));
    const series =
      kind === 'daily'
        ? chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false })
        : chart.addSeries(BaselineSeries, {
            baseValue: { type: 'price', price: 0 },
            topLineColor: theme.up,
            topFillColor1: withAlpha(theme.up, 0.28),
            topFillColor2: withAlpha(theme.up, 0.04),
            bottomLineColor: theme.down,
            bottomFillColor1: withAlpha(theme.down, 0.04),
            bottomFillColor2: withAlpha(theme.down, 0.28),
            lineWidth: 2,
            priceLineVisible: false,
          });
    series.setData(
      kind === 'daily'
        ? data.map((point) => ({ ...point, color: point.value < 0 ? theme.down : theme.up }))
        : data,
    );
    chart.timeScale().fitContent();
    return () => {
      removeSeries(series);
    };
  }, [chart, removeSeries, points, kind]);

  return <div ref={containerRef} className={styles.chart} style={{ height }} role="img" aria-label={label} />;
};
