import {
  AreaSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { readChartTheme, withAlpha } from '@/components/charts/chart-theme.ts';
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

/** The console's days are UTC calendar days (admin-console.queries.ts), so they are drawn and labelled in UTC. */
const dayTime = (day: string): UTCTimestamp => (Date.parse(`${day}T00:00:00Z`) / 1000) as UTCTimestamp;
const asDate = (time: Time) => new Date(typeof time === 'number' ? time * 1000 : String(time));
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const fullDayLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const countLabel = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

const tokenColour = (token: string | undefined, fallback: string) =>
  (token && getComputedStyle(document.documentElement).getPropertyValue(token).trim()) || fallback;

/**
 * One daily series of the owner's console, drawn by lightweight-charts, the product's one chart library
 * (docs/decisions/front-end.md): a histogram of days or an area. Numbers here only place pixels; the figures in
 * text come from the server's decimals. Negative bars (a commission reversed) are drawn in red.
 */
export const DailyChart = ({ points, kind, unit, label, height = 180, colourToken }: DailyChartProps) => {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const theme = readChartTheme();
    const chart = createChart(container, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: theme.muted,
        fontFamily: theme.font,
        fontSize: 11,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: withAlpha(theme.border, 0.8) } },
      rightPriceScale: { borderColor: theme.border, scaleMargins: { top: 0.12, bottom: 0.04 } },
      timeScale: {
        borderColor: theme.border,
        timeVisible: false,
        tickMarkFormatter: (time: Time) => dayLabel.format(asDate(time)),
        fixLeftEdge: true,
        fixRightEdge: true,
      },
      localization: {
        timeFormatter: (time: Time) => fullDayLabel.format(asDate(time)),
        priceFormatter: (value: number) =>
          unit === 'usd' ? formatCompactUsd(value) : countLabel.format(value),
      },
      crosshair: {
        vertLine: { color: theme.borderStrong, labelBackgroundColor: theme.borderStrong },
        horzLine: { color: theme.borderStrong, labelBackgroundColor: theme.borderStrong },
      },
      // A summary, not a trading chart: the whole window always fits, and a swipe scrolls the page on phones.
      handleScroll: false,
      handleScale: false,
    });
    chartRef.current = chart;
    let frame = 0;
    const resize = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => chart.timeScale().fitContent());
    });
    resize.observe(container);
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      chartRef.current = null;
      chart.remove();
    };
  }, [unit]);

  useEffect(() => {
    const chart = chartRef.current;
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
      chartRef.current?.removeSeries(series);
    };
  }, [points, kind, unit, colourToken]);

  return <div ref={containerRef} className={styles.chart} style={{ height }} role="img" aria-label={label} />;
};
