import type { TCandle } from '@cdca/contracts';
import {
  AreaSeries,
  type AutoscaleInfo,
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  LineStyle,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import {
  CHART_FONT_SIZE,
  lineChanges,
  pricePrecision,
  rightMarginPx,
  snapToBar,
  toCandleData,
  toChartTime,
  toLineData,
} from './chart-data.ts';
import { type ChartTheme, readChartTheme, withAlpha } from './chart-theme.ts';
import styles from './price-history-chart.module.css';
import { localTickMark, localTime } from './time-format.ts';

/** A horizontal line across the chart: a DCA level, the average buy rate, the take-profit, a stop. */
export type ChartPriceLine = {
  /** Stable across renders, so a moving line is moved rather than redrawn. */
  id: string;
  price: string | number;
  /** Shown on the line and beside its axis label. */
  label: string;
  /** A colour or a design token such as 'var(--amber)'. */
  colour: string;
  dashed?: boolean;
  width?: 1 | 2 | 3;
};

/** A point event on the price history, e.g. a fill. */
export type ChartMarker = {
  id: string;
  /** ISO time; drawn on the candle that contains it. */
  time: string;
  side: 'buy' | 'sell';
  /** Where the marker sits; without it the marker goes below (buy) or above (sell) the candle. */
  price?: string | number;
  label?: string;
  colour?: string;
};

export type PriceHistoryChartProps = {
  candles: readonly TCandle[];
  /** Height in pixels, fixed so that nothing moves when data arrives. */
  height: number;
  /** What the chart shows, for screen readers. */
  label: string;
  kind?: 'candles' | 'line';
  priceLines?: readonly ChartPriceLine[];
  markers?: readonly ChartMarker[];
  /** When this changes (another coin or range), the view is fitted to the new data again. */
  fitKey?: string;
  /** Shown over the chart when there are fewer than two candles. */
  emptyText?: string;
};

type PriceSeries = ISeriesApi<'Candlestick'> | ISeriesApi<'Area'>;
/** The lines on the chart by id, each with the signature it was last drawn with (see `lineChanges`). */
type LineBook = { series: PriceSeries; lines: Map<string, { line: IPriceLine; drawn: string }> };

/** No fill markers: one array for every render, so the markers are not set again each time the form re-renders. */
const NO_MARKERS: readonly ChartMarker[] = [];

const resolveColour = (colour: string, theme: ChartTheme): string => {
  const token = /^var\((--[\w-]+)\)$/.exec(colour.trim())?.[1];
  if (!token) return colour;
  return getComputedStyle(document.documentElement).getPropertyValue(token).trim() || theme.muted;
};

const chartOptions = (theme: ChartTheme) => ({
  autoSize: true,
  layout: {
    background: { type: ColorType.Solid, color: 'transparent' },
    textColor: theme.muted,
    fontFamily: theme.font,
    fontSize: CHART_FONT_SIZE,
  },
  grid: {
    vertLines: { color: withAlpha(theme.border, 0.5) },
    horzLines: { color: withAlpha(theme.border, 0.8) },
  },
  rightPriceScale: { borderColor: theme.border, scaleMargins: { top: 0.12, bottom: 0.12 } },
  timeScale: {
    borderColor: theme.border,
    timeVisible: true,
    secondsVisible: false,
    tickMarkFormatter: localTickMark,
    // There is nothing before the first candle; fixing the edge also lets the first time label move inside the
    // chart instead of being cut in half by it ("…35 AM").
    fixLeftEdge: true,
    rightOffsetPixels: rightMarginPx([]),
  },
  localization: { timeFormatter: localTime },
  crosshair: {
    vertLine: { color: theme.borderStrong, labelBackgroundColor: theme.borderStrong },
    horzLine: { color: theme.borderStrong, labelBackgroundColor: theme.borderStrong },
  },
  // Let a vertical swipe scroll the page on phones; horizontal drags still pan the chart.
  handleScroll: { vertTouchDrag: false },
});

/**
 * A coin's price history (candles or a line) with horizontal price lines and fill markers, drawn by
 * lightweight-charts. The chart is created once; new candles, lines and markers are applied to it in place.
 */
export const PriceHistoryChart = ({
  candles,
  height,
  label,
  kind = 'line',
  priceLines = [],
  markers = NO_MARKERS,
  fitKey = '',
  emptyText = 'Not enough price history yet.',
}: PriceHistoryChartProps) => {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{ chart: IChartApi; theme: ChartTheme } | null>(null);
  const [series, setSeries] = useState<PriceSeries | null>(null);
  const markersRef = useRef<ISeriesMarkersPluginApi<Time> | null>(null);
  const linesRef = useRef<LineBook | null>(null);
  const linePricesRef = useRef<number[]>([]);
  const fittedRef = useRef<string | null>(null);
  /** The trader has panned, zoomed or tapped the chart since it was last fitted: their view is left alone. */
  const movedRef = useRef(false);
  const margin = rightMarginPx(priceLines.map((line) => line.label));

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const theme = readChartTheme();
    const chart = createChart(container, chartOptions(theme));
    chartRef.current = { chart, theme };
    // Until the trader moves it, the chart stays fitted whatever its width (a phone turned, a window resized):
    // with the left edge fixed, lightweight-charts would otherwise keep the oldest candles and push the newest
    // (where live prices and fills land) out of view.
    const moved = () => {
      movedRef.current = true;
    };
    const refit = () => {
      if (!movedRef.current) chart.timeScale().fitContent();
    };
    const gestures = ['pointerdown', 'wheel', 'touchstart'] as const;
    for (const gesture of gestures) container.addEventListener(gesture, moved, { passive: true });
    chart.timeScale().subscribeSizeChange(refit);
    return () => {
      chart.timeScale().unsubscribeSizeChange(refit);
      for (const gesture of gestures) container.removeEventListener(gesture, moved);
      chartRef.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    const holder = chartRef.current;
    if (!holder) return;
    const { chart, theme } = holder;
    // Price lines take part in autoscaling, so a ladder far below the market is never off-screen.
    const autoscaleInfoProvider = (base: () => AutoscaleInfo | null): AutoscaleInfo | null => {
      const info = base();
      const prices = linePricesRef.current;
      if (prices.length === 0) return info;
      const min = Math.min(...prices, info?.priceRange?.minValue ?? Number.POSITIVE_INFINITY);
      const max = Math.max(...prices, info?.priceRange?.maxValue ?? Number.NEGATIVE_INFINITY);
      return { ...info, priceRange: { minValue: min, maxValue: max } };
    };
    const created: PriceSeries =
      kind === 'candles'
        ? chart.addSeries(CandlestickSeries, {
            upColor: theme.up,
            downColor: theme.down,
            borderVisible: false,
            wickUpColor: theme.up,
            wickDownColor: theme.down,
            autoscaleInfoProvider,
          })
        : chart.addSeries(AreaSeries, {
            lineColor: theme.up,
            topColor: withAlpha(theme.up, 0.24),
            bottomColor: withAlpha(theme.up, 0),
            lineWidth: 2,
            autoscaleInfoProvider,
          });
    markersRef.current = createSeriesMarkers(created, []);
    linesRef.current = { series: created, lines: new Map() };
    fittedRef.current = null;
    setSeries(created);
    return () => {
      markersRef.current?.detach();
      markersRef.current = null;
      linesRef.current = null;
      // When the whole chart is going away it is removed with its series.
      chartRef.current?.chart.removeSeries(created);
    };
  }, [kind]);

  useEffect(() => {
    const theme = chartRef.current?.theme;
    if (!series || !theme) return;
    const last = Number(candles.at(-1)?.close ?? 0);
    const precision = pricePrecision(last);
    series.applyOptions({ priceFormat: { type: 'price', precision, minMove: 10 ** -precision } });
    if (series.seriesType() === 'Candlestick') {
      (series as ISeriesApi<'Candlestick'>).setData(toCandleData(candles));
    } else {
      const first = Number(candles[0]?.close ?? 0);
      const colour = last >= first ? theme.up : theme.down;
      series.applyOptions({
        lineColor: colour,
        topColor: withAlpha(colour, 0.24),
        bottomColor: withAlpha(colour, 0),
      });
      (series as ISeriesApi<'Area'>).setData(toLineData(candles));
    }
    // Fitted again when the room on the right changes (a take-profit or stop line comes or goes), so the newest
    // candle is never left under the lines' titles.
    const key = `${fitKey}:${candles.length > 0}:${margin}`;
    if (fittedRef.current !== key) {
      const timeScale = chartRef.current?.chart.timeScale();
      timeScale?.applyOptions({ rightOffsetPixels: margin });
      timeScale?.fitContent();
      fittedRef.current = key;
      movedRef.current = false;
    }
  }, [series, candles, fitKey, margin]);

  useEffect(() => {
    const book = linesRef.current;
    const theme = chartRef.current?.theme;
    if (!series || !book || book.series !== series || !theme) return;
    const { removed, changed } = lineChanges(book.lines, priceLines);
    for (const id of removed) {
      const drawn = book.lines.get(id);
      if (drawn) series.removePriceLine(drawn.line);
      book.lines.delete(id);
    }
    for (const { line, drawn } of changed) {
      const options = {
        price: Number(line.price),
        color: resolveColour(line.colour, theme),
        lineWidth: line.width ?? 1,
        lineStyle: line.dashed ? LineStyle.Dashed : LineStyle.Solid,
        title: line.label,
        axisLabelVisible: true,
      };
      const existing = book.lines.get(line.id);
      if (existing) existing.line.applyOptions(options);
      book.lines.set(line.id, { line: existing?.line ?? series.createPriceLine(options), drawn });
    }
    linePricesRef.current = priceLines.map((line) => Number(line.price)).filter(Number.isFinite);
  }, [series, priceLines]);

  useEffect(() => {
    const plugin = markersRef.current;
    const theme = chartRef.current?.theme;
    if (!series || !plugin || !theme) return;
    const times = candles.map((candle) => toChartTime(candle.start));
    const drawn: SeriesMarker<Time>[] = [];
    for (const marker of markers) {
      const time = snapToBar(times, toChartTime(marker.time));
      if (time === undefined) continue;
      const colour = resolveColour(marker.colour ?? (marker.side === 'buy' ? theme.up : theme.down), theme);
      const shape = marker.side === 'buy' ? 'arrowUp' : 'arrowDown';
      const text = marker.label ?? '';
      drawn.push(
        marker.price === undefined
          ? {
              id: marker.id,
              time,
              shape,
              color: colour,
              text,
              position: marker.side === 'buy' ? 'belowBar' : 'aboveBar',
            }
          : {
              id: marker.id,
              time,
              shape,
              color: colour,
              text,
              position: 'atPriceMiddle',
              price: Number(marker.price),
            },
      );
    }
    drawn.sort((a, b) => (a.time as UTCTimestamp) - (b.time as UTCTimestamp));
    plugin.setMarkers(drawn);
  }, [series, candles, markers]);

  return (
    <div className={styles.frame} style={{ height }}>
      <div ref={containerRef} className={styles.canvas} role="img" aria-label={label} />
      {candles.length < 2 ? <p className={styles.empty}>{emptyText}</p> : null}
    </div>
  );
};
