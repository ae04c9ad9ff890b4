import { describe, expect, it } from 'vitest';
import { remembered } from './remembered.ts';

describe('remembered', () => {
  it('works an answer out once per key, and again only after the memory was emptied', () => {
    const asked: string[] = [];
    const double = remembered(
      2,
      (n: number) => String(n),
      (n: number) => {
        asked.push(String(n));
        return n * 2;
      },
    );
    expect([double(1), double(1), double(2), double(1)]).toEqual([2, 2, 4, 2]);
    expect(asked).toEqual(['1', '2']);
    // Full at two: the third key empties it, so 1 is worked out again.
    expect([double(3), double(1)]).toEqual([6, 2]);
    expect(asked).toEqual(['1', '2', '3', '1']);
  });

  it('keeps a null answer like any other', () => {
    let calls = 0;
    const none = remembered(
      4,
      (s: string) => s,
      (_: string): string | null => {
        calls++;
        return null;
      },
    );
    expect([none('a'), none('a')]).toEqual([null, null]);
    expect(calls).toBe(1);
  });
});
