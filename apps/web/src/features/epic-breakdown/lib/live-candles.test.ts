import type { TCandle } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import { withFillPrice, withLivePrice } from './live-candles.ts';

const candle = (start: string, close: string): TCandle => ({
  start,
  open: close,
  high: close,
  low: close,
  close,
  volume: '1',
});

describe('withLivePrice', () => {
  const candles = [candle('2025-01-01T10:00:00.000Z', '100')];

  it('moves the open candle', () => {
    const [last] = withLivePrice(candles, 60, '98.5', new Date('2025-01-01T10:00:30.000Z'));
    expect(last).toMatchObject({ close: '98.5', low: '98.5', high: '100' });
  });

  it('opens a new candle when the bucket rolls over, from the last close', () => {
    const next = withLivePrice(candles, 60, '103', new Date('2025-01-01T10:01:05.000Z'));
    expect(next).toHaveLength(2);
    expect(next[1]).toMatchObject({
      start: '2025-01-01T10:01:00.000Z',
      open: '100',
      high: '103',
      low: '100',
      close: '103',
    });
  });

  it('never rewrites a candle from a late price', () => {
    expect(withLivePrice(candles, 60, '1', new Date('2025-01-01T09:59:00.000Z'))).toEqual(candles);
    const two = [...candles, candle('2025-01-01T10:01:00.000Z', '101')];
    const [first, last] = withLivePrice(two, 60, '99', new Date('2025-01-01T10:00:50.000Z'));
    expect(first).toMatchObject({ close: '100', low: '99' });
    expect(last).toEqual(two[1]);
  });
});

describe('withFillPrice', () => {
  const candles = [candle('2025-01-01T10:00:00.000Z', '100'), candle('2025-01-01T10:01:00.000Z', '104')];

  it('takes a fill into the candle of its time without moving the last price to it', () => {
    // A take-profit limit at 102 fills while the market has gapped to 104.
    const [, last] = withFillPrice(candles, 60, '102', new Date('2025-01-01T10:01:20.000Z'));
    expect(last).toMatchObject({ close: '104', low: '102', high: '104' });
  });

  it('opens the candle of a fill that is the first news of its bucket, at the last close', () => {
    const next = withFillPrice(candles, 60, '101', new Date('2025-01-01T10:03:10.000Z'));
    expect(next).toHaveLength(3);
    expect(next[2]).toMatchObject({
      start: '2025-01-01T10:03:00.000Z',
      open: '104',
      low: '101',
      high: '104',
      close: '104',
    });
  });

  it('widens an earlier candle for a fill booked after the next tick, so its marker sits inside it', () => {
    const [first, last] = withFillPrice(candles, 60, '97', new Date('2025-01-01T10:00:40.000Z'));
    expect(first).toMatchObject({ low: '97', close: '100' });
    expect(last).toEqual(candles[1]);
  });
});
