import { describe, expect, it } from 'vitest';
import { candleRange, candleWindowFor } from './candle-window.ts';

const now = Date.parse('2025-01-10T12:00:00.000Z');

describe('candleWindowFor', () => {
  it('shows a fresh epic in one-minute candles over the last three hours, live', () => {
    const window = candleWindowFor({ createdAt: '2025-01-10T11:55:00.000Z', closedAt: null }, now);
    expect(window).toEqual({ granularity: 'ONE_MINUTE', start: '2025-01-10T09:00:00.000Z', end: undefined });
  });

  it('picks a coarser candle for a longer life, within 300 candles', () => {
    const window = candleWindowFor({ createdAt: '2025-01-05T12:00:00.000Z', closedAt: null }, now);
    // 5 days × 1.34 is 161 h: 322 half-hours is over the 300 a request answers, so hours.
    expect(window.granularity).toBe('ONE_HOUR');
    expect((now - Date.parse(window.start)) / 3_600_000).toBeLessThanOrEqual(300);
  });

  it('ends a finished epic shortly after it closed', () => {
    const window = candleWindowFor(
      { createdAt: '2025-01-10T08:00:00.000Z', closedAt: '2025-01-10T09:00:00.000Z' },
      now,
    );
    expect(window.end).toBe('2025-01-10T09:10:00.000Z');
    expect(Date.parse(window.start)).toBeLessThan(Date.parse('2025-01-10T08:00:00.000Z'));
  });

  it("never ends before the close, even when this browser's clock is behind the server's", () => {
    const window = candleWindowFor(
      { createdAt: '2025-01-10T11:00:00.000Z', closedAt: '2025-01-10T12:00:30.000Z' },
      now,
    );
    expect(window.end).toBe('2025-01-10T12:00:30.000Z');
  });
});

describe('candleRange', () => {
  it('asks for a closed window as it is', () => {
    const window = {
      granularity: 'ONE_MINUTE',
      start: '2025-01-10T08:00:00.000Z',
      end: '2025-01-10T09:00:00.000Z',
    } as const;
    expect(candleRange(window, now)).toEqual({ start: window.start, end: window.end });
  });

  it('runs a live window to now, within the 300 candles one request may ask for', () => {
    const window = { granularity: 'ONE_MINUTE', start: '2025-01-10T09:00:00.000Z', end: undefined } as const;
    expect(candleRange(window, Date.parse('2025-01-10T10:00:00.000Z'))).toEqual({
      start: '2025-01-10T09:00:00.000Z',
      end: '2025-01-10T10:00:00.000Z',
    });
    // The page has been open for hours: a refetch (after a reconnect) asks for the newest 300 minutes.
    expect(candleRange(window, Date.parse('2025-01-10T15:00:00.000Z'))).toEqual({
      start: '2025-01-10T10:00:00.000Z',
      end: '2025-01-10T15:00:00.000Z',
    });
  });
});
