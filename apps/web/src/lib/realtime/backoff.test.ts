import { describe, expect, it } from 'vitest';
import { MAX_RECONNECT_ATTEMPTS, reconnectDelayMs, shouldGiveUp } from './backoff.ts';

describe('reconnect back-off', () => {
  it('starts at 1 s and doubles per attempt', () => {
    expect([0, 1, 2, 3, 4, 5].map((attempt) => reconnectDelayMs(attempt, 0))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000,
    ]);
  });

  it('caps the delay at 60 s', () => {
    expect(reconnectDelayMs(6, 0)).toBe(60_000);
    expect(reconnectDelayMs(9, 0)).toBe(60_000);
    expect(reconnectDelayMs(40, 0)).toBe(60_000);
  });

  it('adds at most 1 s of jitter', () => {
    for (const random of [0, 0.25, 0.5, 0.999_999]) {
      const delay = reconnectDelayMs(3, random);
      expect(delay).toBeGreaterThanOrEqual(8_000);
      expect(delay).toBeLessThanOrEqual(9_000);
    }
    expect(reconnectDelayMs(8, 0.999_999)).toBeLessThanOrEqual(61_000);
  });

  it('gives up after 10 failed attempts', () => {
    expect(MAX_RECONNECT_ATTEMPTS).toBe(10);
    expect(shouldGiveUp(9)).toBe(false);
    expect(shouldGiveUp(10)).toBe(true);
  });
});
