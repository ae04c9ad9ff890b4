import type { TCandle } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import { withLivePrice } from './live-candles.ts';

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
      close: '103',
    });
  });

  it('never rewrites a candle from a late price', () => {
    expect(withLivePrice(candles, 60, '1', new Date('2025-01-01T09:59:00.000Z'))).toEqual(candles);
  });
});
