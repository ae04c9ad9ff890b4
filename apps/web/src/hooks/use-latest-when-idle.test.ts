import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLatestWhenIdle } from './use-latest-when-idle.ts';

describe('useLatestWhenIdle', () => {
  const follow = (value: { budget: string }, busy: boolean) =>
    renderHook(({ v, b }) => useLatestWhenIdle(v, b), { initialProps: { v: value, b: busy } });

  it('hands a change on at once while nothing is busy', () => {
    const hook = follow({ budget: '1' }, false);
    hook.rerender({ v: { budget: '2' }, b: false });
    expect(hook.result.current).toEqual({ budget: '2' });
  });

  it('holds changes while busy and hands on only the newest when the work ends', () => {
    const hook = follow({ budget: '1' }, true);
    const seen = [hook.result.current.budget];
    for (const budget of ['2', '3', '4']) {
      hook.rerender({ v: { budget }, b: true });
      seen.push(hook.result.current.budget);
    }
    expect(seen).toEqual(['1', '1', '1', '1']);
    hook.rerender({ v: { budget: '4' }, b: false });
    expect(hook.result.current).toEqual({ budget: '4' });
  });

  it('treats an equal new object as no change (same reference back)', () => {
    const hook = follow({ budget: '1' }, false);
    const first = hook.result.current;
    hook.rerender({ v: { budget: '1' }, b: false });
    expect(hook.result.current).toBe(first);
  });
});
