import { vi } from 'vitest';

/** What a browser would measure for one element; anything left out measures 0, as jsdom has it. */
export type FakeBox = { scrollWidth?: number; clientWidth?: number; left?: number; width?: number };

/**
 * jsdom lays nothing out, so every width is 0. This gives the elements `measure` picks the widths a browser would
 * (asked afresh on every read, so a test can change them mid-way); undo it with `vi.restoreAllMocks()`.
 */
export const fakeLayout = (measure: (element: Element) => FakeBox | undefined): void => {
  vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
    return measure(this)?.scrollWidth ?? 0;
  });
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return measure(this)?.clientWidth ?? 0;
  });
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const { left = 0, width = 0 } = measure(this) ?? {};
    return DOMRect.fromRect({ x: left, y: 0, width, height: 0 });
  });
};
