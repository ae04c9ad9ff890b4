import { describe, expect, it } from 'vitest';
import { revealScrollLeft, scrollEdges } from './side-scroll-geometry.ts';

describe('scrollEdges', () => {
  it('sees more to the right at the start, more on both sides mid-way, more to the left at the end', () => {
    const box = { scrollWidth: 500, clientWidth: 200 };
    expect(scrollEdges({ ...box, scrollLeft: 0 })).toEqual({ start: false, end: true });
    expect(scrollEdges({ ...box, scrollLeft: 100 })).toEqual({ start: true, end: true });
    expect(scrollEdges({ ...box, scrollLeft: 300 })).toEqual({ start: true, end: false });
  });

  it('sees nothing beyond content that fits', () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 200, clientWidth: 200 })).toEqual({
      start: false,
      end: false,
    });
  });
});

describe('revealScrollLeft', () => {
  const view = { scrollLeft: 0, clientWidth: 250, inset: 30 };

  it('leaves an item that already shows clear of the fades where it is', () => {
    expect(revealScrollLeft({ ...view, itemStart: 40, itemEnd: 200 })).toBeNull();
  });

  it('scrolls an item past the right edge just far enough to clear the fade', () => {
    expect(revealScrollLeft({ ...view, itemStart: 400, itemEnd: 500 })).toBe(280);
  });

  it('scrolls back to an item before the left edge, and never before the start', () => {
    expect(revealScrollLeft({ ...view, scrollLeft: 300, itemStart: 100, itemEnd: 180 })).toBe(70);
    expect(revealScrollLeft({ ...view, scrollLeft: 300, itemStart: 0, itemEnd: 80 })).toBe(0);
  });

  it('lines up the start of an item wider than the view', () => {
    expect(revealScrollLeft({ ...view, itemStart: 100, itemEnd: 400 })).toBe(70);
  });
});
