import { describe, expect, it } from 'vitest';
import { mapReady, whenReady } from './maybe-promise.ts';

describe('whenReady', () => {
  it('runs the step in the same turn when the value is at hand, and lets its throw reach the caller', () => {
    const seen: number[] = [];
    whenReady(
      1,
      (value) => seen.push(value),
      () => seen.push(-1),
    );
    expect(seen).toEqual([1]);
    expect(() =>
      whenReady(
        2,
        () => {
          throw new Error('refused');
        },
        () => undefined,
      ),
    ).toThrow('refused');
  });

  it('waits for a promise, and sends its rejection or a throw from the step to fail', async () => {
    const failures: string[] = [];
    const fail = (error: Error) => failures.push(error.message);
    const seen: number[] = [];
    whenReady(Promise.resolve(3), (value) => seen.push(value), fail);
    expect(seen).toEqual([]);
    whenReady(Promise.reject(new Error('no token')), () => seen.push(-1), fail);
    whenReady(
      Promise.resolve(4),
      () => {
        throw new Error('over the limit');
      },
      fail,
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([3]);
    expect(failures.sort()).toEqual(['no token', 'over the limit']);
  });
});

describe('mapReady', () => {
  it('maps a value at hand at once and a promise once it resolves', async () => {
    expect(mapReady(2, (value) => value * 10)).toBe(20);
    const later = mapReady(Promise.resolve(3), (value) => value * 10);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toBe(30);
  });
});
