import { AreaSeries, HistogramSeries } from 'lightweight-charts';
import { useEffect } from 'react';
import { readChartTheme, withAlpha } from '@/components/charts/chart-theme.ts';
import { dayTime, useDayChart } from '@/components/charts/day-chart.ts';
import { formatCompactUsd } from '@/lib/format/number.ts';
import styles from './admin-charts.module.css';

export type DailyPoint = { day: string; value: number | string };

export type DailyChartProps = {
  points: readonly DailyPoint[];
  /** Bars for what happens on a day (sign-ups, revenue); an area for a level carried over days (traders, MRR). */
  kind: 'bars' | 'area';
  unit: 'count' | 'usd';
  /** What the chart shows, for screen readers. */
  label: string;
  height?: number;
  /** A design token for the series, e.g. '--blue'; the theme's accent otherwise. */
  colourToken?: string;
};

const countLabel = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const formatCount = (value: number) => countLabel.format(value);

const tokenColour = (token: string | undefined, fallback: string) =>
  (token && getComputedStyle(document.documentElement).getPropertyValue(token).trim()) || fallback;

/**
 * One daily series of the owner's console, drawn by lightweight-charts, the product's one chart library
 * (docs/decisions/front-end.md): a histogram of days or an area. Numbers here only place pixels; the figures in
 * text come from the server's decimals. Negative bars (a commission reversed) are drawn in red.
 */
export const DailyChart = ({ points, kind, unit, label, height = 180, colourToken }: DailyChartProps) => {
  const { containerRef, chart, removeSeries } = useDayChart(unit === 'usd' ? formatCompactUsd : formatCount);

  useEffect(() => {
    if (!chart) return;
    const theme = readChartTheme();
    const colour = tokenColour(colourToken, theme.up);
    const data = points.map((point) => ({ time: dayTime(point.day), value: Number(point.value) }));
    const format = unit === 'count' ? { type: 'price' as const, precision: 0, minMove: 1 } : undefined;
    const series =
      kind === 'bars'
        ? chart.addSeries(HistogramSeries, {
            priceLineVisible: false,
            lastValueVisible: false,
            ...(format ? { priceFormat: format } : {}),
          })
        : chart.addSeries(AreaSeries, {
            lineColor: colour,
            topColor: withAlpha(colour, 0.28),
            bottomColor: withAlpha(colour, 0.02),
            lineWidth: 2,
            priceLineVisible: false,
            ...(format ? { priceFormat: format } : {}),
          });
    series.setData(
      kind === 'bars'
        ? data.map((point) => ({ ...point, color: point.value < 0 ? theme.down : colour }))
        : data,
    );
    chart.timeScale().fitContent();
    return () => {
      removeSeries(series);
    };
  }, [chart, removeSeries, points, kind, unit, colourToken]);

  return <div ref={containerRef} className={styles.chart} style={{ height }} role="img" aria-label={label} />;
};
