import type { TCandle } from '@cdca/contracts';
import type { CandlestickData, LineData, UTCTimestamp } from 'lightweight-charts';

/**
 * Conversions from our wire shapes (ISO times, decimal strings) to what lightweight-charts draws. Numbers here
 * position pixels only; no amount shown to the trader is computed from them.
 */

export const toChartTime = (iso: string): UTCTimestamp => Math.floor(Date.parse(iso) / 1000) as UTCTimestamp;

export const toCandleData = (candles: readonly TCandle[]): CandlestickData<UTCTimestamp>[] =>
  candles.map((candle) => ({
    time: toChartTime(candle.start),
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  }));

export const toLineData = (candles: readonly TCandle[]): LineData<UTCTimestamp>[] =>
  candles.map((candle) => ({ time: toChartTime(candle.start), value: Number(candle.close) }));

/**
 * A marker must sit on a bar's time or the chart drops it: a fill at 10:07 is drawn on the candle that
 * contains it (the last one starting at or before it), or the first candle if it predates them all.
 */
export const snapToBar = (times: readonly UTCTimestamp[], time: UTCTimestamp): UTCTimestamp | undefined => {
  if (times.length === 0) return undefined;
  let low = 0;
  let high = times.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const candidate = times[middle] ?? 0;
    if (candidate <= time) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return times[found];
};

/**
 * Decimals the price axis shows: enough to tell levels a cent apart on a $60,000 coin and to keep four
 * significant digits on a $0.00001 one.
 */
export const pricePrecision = (reference: number): number => {
  const magnitude = Math.abs(reference);
  if (!Number.isFinite(magnitude) || magnitude === 0 || magnitude >= 1) return 2;
  if (magnitude >= 0.01) return 4;
  return Math.min(10, Math.ceil(-Math.log10(magnitude)) + 3);
};

/** The chart's axis font size; the widths below are estimated from it (a canvas is not there to measure in tests). */
export const CHART_FONT_SIZE = 11;
/** A marker's text is centred on its candle: half of a short tag such as 'L10' or 'Sold', and the arrow's room. */
const MARKER_ROOM_PX = 16;

/**
 * Room right of the newest candle, in pixels. Price lines write their titles over the pane's right edge and a
 * marker's text is centred on its candle, so without it the newest candle (where live fills land) and its markers
 * sit under those titles or are cut off by the price axis.
 */
export const rightMarginPx = (titles: readonly string[], fontSize = CHART_FONT_SIZE): number => {
  const longest = Math.max(0, ...titles.map((title) => title.length));
  // About 0.6 em per character plus the label's own padding, as lightweight-charts draws a line's title.
  const titleWidth = longest === 0 ? 0 : longest * fontSize * 0.6 + 12;
  return Math.ceil(titleWidth + MARKER_ROOM_PX);
};

/**
 * What to do to the chart's price lines to show `lines`: the ids to remove and the lines that are new or differ
 * from how they were last drawn, each with its new signature. A form re-renders its chart on every keystroke with
 * new line objects; re-applying unchanged lines made lightweight-charts repaint the whole canvas each time.
 */
export const lineChanges = <Line extends { id: string }>(
  drawn: ReadonlyMap<string, { drawn: string }>,
  lines: readonly Line[],
): { removed: string[]; changed: { line: Line; drawn: string }[] } => {
  const wanted = new Set(lines.map((line) => line.id));
  const removed = [...drawn.keys()].filter((id) => !wanted.has(id));
  const changed: { line: Line; drawn: string }[] = [];
  for (const line of lines) {
    const signature = JSON.stringify(line);
    if (drawn.get(line.id)?.drawn !== signature) changed.push({ line, drawn: signature });
  }
  return { removed, changed };
};
