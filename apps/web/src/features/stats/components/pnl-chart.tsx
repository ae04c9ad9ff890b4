import {
  BaselineSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { readChartTheme, withAlpha } from '@/components/charts/chart-theme.ts';
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

/** The report's days are UTC calendar days (docs/decisions/stats-figures.md), so they are drawn and labelled in UTC. */
const dayTime = (date: string): UTCTimestamp => (Date.parse(`${date}T00:00:00Z`) / 1000) as UTCTimestamp;
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const fullDayLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const asDate = (time: Time) => new Date(typeof time === 'number' ? time * 1000 : String(time));

/**
 * Realised P&L by day (green and red bars) or as a running total (an area above and below zero), drawn by
 * lightweight-charts. This module is loaded lazily (stats-page.tsx), so the chart library is fetched only when a
 * chart is shown. Numbers here place pixels; every amount shown in text comes from the server's decimals.
 */
export const PnlChart = ({ points, kind, height, label }: PnlChartProps) => {
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
      rightPriceScale: { borderColor: theme.border, scaleMargins: { top: 0.12, bottom: 0.08 } },
      timeScale: {
        borderColor: theme.border,
        timeVisible: false,
        tickMarkFormatter: (time: Time) => dayLabel.format(asDate(time)),
        fixLeftEdge: true,
        // A week of bars must not turn into slabs half the chart wide.
        maxBarSpacing: 48,
        fixRightEdge: true,
      },
      localization: {
        timeFormatter: (time: Time) => fullDayLabel.format(asDate(time)),
        priceFormatter: (value: number) => formatSignedUsd(value),
      },
      crosshair: {
        vertLine: { color: theme.borderStrong, labelBackgroundColor: theme.borderStrong },
        horzLine: { color: theme.borderStrong, labelBackgroundColor: theme.borderStrong },
      },
      // A summary, not a trading chart: the whole period always fits, and a swipe scrolls the page on phones.
      handleScroll: false,
      handleScale: false,
    });
    chartRef.current = chart;
    // autoSize keeps the visible range on resize; refit so a rotated phone still shows the whole period.
    // The frame's wait lets the chart's own observer apply the new width first.
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
  }, []);

  useEffect(() => {
    const chart = chartRef.current;
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
      chartRef.current?.removeSeries(series);
    };
  }, [points, kind]);

  return <div ref={containerRef} className={styles.chart} style={{ height }} role="img" aria-label={label} />;
};
