import type { UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import {
  lineChanges,
  pricePrecision,
  rightMarginPx,
  snapToBar,
  toCandleData,
  toChartTime,
} from './chart-data.ts';

const t = (seconds: number) => seconds as UTCTimestamp;

describe('snapToBar', () => {
  const bars = [t(100), t(200), t(300)];

  it('puts a time on the candle that contains it', () => {
    expect(snapToBar(bars, t(250))).toBe(200);
    expect(snapToBar(bars, t(300))).toBe(300);
    expect(snapToBar(bars, t(999))).toBe(300);
  });

  it('puts a time before every candle on the first one, and has nowhere to put it without candles', () => {
    expect(snapToBar(bars, t(5))).toBe(100);
    expect(snapToBar([], t(5))).toBeUndefined();
  });
});

describe('pricePrecision', () => {
  it('shows cents from a dollar up and more digits for cheap coins', () => {
    expect(pricePrecision(64_000)).toBe(2);
    expect(pricePrecision(0.5)).toBe(4);
    expect(pricePrecision(0.00001234)).toBe(8);
  });
});

describe('toCandleData', () => {
  it('turns ISO times into UTC seconds and decimal strings into numbers', () => {
    const [candle] = toCandleData([
      { start: '2025-01-01T00:00:00.000Z', open: '1.5', high: '2', low: '1', close: '1.75', volume: '10' },
    ]);
    expect(candle).toEqual({
      time: toChartTime('2025-01-01T00:00:00Z'),
      open: 1.5,
      high: 2,
      low: 1,
      close: 1.75,
    });
    expect(candle?.time).toBe(1_735_689_600);
  });
});

describe('rightMarginPx', () => {
  it('leaves the newest candle clear of the widest line title, and room for a marker without any', () => {
    const bare = rightMarginPx([]);
    expect(bare).toBeGreaterThan(0);
    expect(rightMarginPx(['L1', 'L2'])).toBeGreaterThan(bare);
    expect(rightMarginPx(['L1', 'Stop'])).toBeGreaterThan(rightMarginPx(['L1', 'L2']));
    expect(rightMarginPx(['L1', 'Stop'])).toBe(rightMarginPx(['Stop', 'Avg', 'TP']));
  });
});

describe('lineChanges', () => {
  const level = (id: string, price: string) => ({ id, price, label: id, colour: 'var(--blue)' });
  const drawnAs = (lines: readonly { id: string }[]) =>
    new Map(lineChanges(new Map(), lines).changed.map(({ line, drawn }) => [line.id, { drawn }]));

  it('draws every line the first time', () => {
    const lines = [level('L1', '100'), level('L2', '95')];
    expect(lineChanges(new Map(), lines).changed.map(({ line }) => line.id)).toEqual(['L1', 'L2']);
  });

  it('leaves lines alone that are drawn as asked, even as new objects of a new render', () => {
    const drawn = drawnAs([level('L1', '100'), level('L2', '95')]);
    expect(lineChanges(drawn, [level('L1', '100'), level('L2', '95')])).toEqual({ removed: [], changed: [] });
  });

  it('redraws only what moved or was relabelled, and removes what went', () => {
    const drawn = drawnAs([level('L1', '100'), level('L2', '95'), level('TP', '102')]);
    const { removed, changed } = lineChanges(drawn, [
      level('L1', '100'),
      level('L2', '94.5'),
      level('Stop', '80'),
    ]);
    expect(removed).toEqual(['TP']);
    expect(changed.map(({ line }) => `${line.id} ${line.price}`)).toEqual(['L2 94.5', 'Stop 80']);
  });
});
