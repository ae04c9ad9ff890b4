import {
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readChartTheme, withAlpha } from './chart-theme.ts';

/**
 * Charts of calendar days (the stats screen, the owner's console): the server answers dates ('2026-06-15'), drawn
 * at UTC midnight and labelled in UTC so the label is the date itself, whatever the browser's zone.
 */
export const dayTime = (date: string): UTCTimestamp =>
  (Date.parse(`${date}T00:00:00Z`) / 1000) as UTCTimestamp;

const asDate = (time: Time) => new Date(typeof time === 'number' ? time * 1000 : String(time));
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const fullDayLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A lightweight-charts chart of days in the container, themed, refitted on resize; the caller adds its series to
 * `chart` (null until mounted) in an effect of its own, and removes it with `removeSeries`. A summary, not a trading chart: the whole window always fits, and a
 * swipe scrolls the page on phones. The chart is made again when `priceFormatter` changes (keep it stable).
 */
export const useDayChart = (priceFormatter: (value: number) => string) => {
  const containerRef = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<IChartApi | null>(null);
  /** The chart while it exists: a series effect cleaning up after the chart was removed has nothing to remove. */
  const live = useRef<IChartApi | null>(null);
  const removeSeries = useCallback(
    (series: ISeriesApi<SeriesType>) => live.current?.removeSeries(series),
    [],
  );

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const theme = readChartTheme();
    const made = createChart(container, {
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
      localization: { timeFormatter: (time: Time) => fullDayLabel.format(asDate(time)), priceFormatter },
      crosshair: {
        vertLine: { color: theme.borderStrong, labelBackgroundColor: theme.borderStrong },
        horzLine: { color: theme.borderStrong, labelBackgroundColor: theme.borderStrong },
      },
      handleScroll: false,
      handleScale: false,
    });
    live.current = made;
    setChart(made);
    // autoSize keeps the visible range on resize; refit so a rotated phone still shows the whole window.
    // The frame's wait lets the chart's own observer apply the new width first.
    let frame = 0;
    const resize = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => made.timeScale().fitContent());
    });
    resize.observe(container);
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      live.current = null;
      setChart(null);
      made.remove();
    };
  }, [priceFormatter]);

  return { containerRef, chart, removeSeries };
};
