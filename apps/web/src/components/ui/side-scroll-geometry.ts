/** Whether more content lies off-screen before (left of) and after (right of) a sideways scroll box. */
export type ScrollEdges = { start: boolean; end: boolean };

export type ScrollBox = { scrollLeft: number; scrollWidth: number; clientWidth: number };

/** Fractional layout (zoom, sub-pixel widths) leaves a scroll range under a pixel: nothing worth hinting at. */
const SLACK = 1;

/** How far each edge's fade reaches (side-scroll.module.css draws it): a revealed item is kept clear of it. */
export const EDGE_FADE_PX = 36;

export const NO_OVERFLOW: ScrollEdges = { start: false, end: false };

export const scrollEdges = ({ scrollLeft, scrollWidth, clientWidth }: ScrollBox): ScrollEdges => ({
  start: scrollLeft > SLACK,
  end: scrollLeft + clientWidth < scrollWidth - SLACK,
});

export const sameEdges = (a: ScrollEdges, b: ScrollEdges): boolean => a.start === b.start && a.end === b.end;

export type RevealInput = {
  /** The item's start and end in the scroll box's content coordinates (0 = the content's left edge). */
  itemStart: number;
  itemEnd: number;
  scrollLeft: number;
  clientWidth: number;
  /** Room kept clear at each edge, so the item does not end up under the edge's fade. */
  inset: number;
};

/**
 * The smallest scroll that shows the item whole, clear of the edges' fades, or null when it already shows: the
 * row moves only as far as it must, so a tab the reader can already see never jumps. An item wider than the box
 * lines up its start.
 */
export const revealScrollLeft = ({
  itemStart,
  itemEnd,
  scrollLeft,
  clientWidth,
  inset,
}: RevealInput): number | null => {
  const viewStart = scrollLeft + inset;
  const viewEnd = scrollLeft + clientWidth - inset;
  if (itemStart < viewStart || itemEnd - itemStart > viewEnd - viewStart) {
    return Math.max(0, itemStart - inset);
  }
  if (itemEnd > viewEnd) return itemEnd + inset - clientWidth;
  return null;
};

/** Scroll `box` sideways (never the page) until `item`, one of its descendants, shows whole. */
export const revealInScrollBox = (box: HTMLElement, item: HTMLElement, inset: number): void => {
  // The content's coordinates start inside the box's border.
  const boxLeft = box.getBoundingClientRect().left + box.clientLeft;
  const itemRect = item.getBoundingClientRect();
  const itemStart = itemRect.left - boxLeft + box.scrollLeft;
  const next = revealScrollLeft({
    itemStart,
    itemEnd: itemStart + itemRect.width,
    scrollLeft: box.scrollLeft,
    clientWidth: box.clientWidth,
    inset,
  });
  if (next !== null) box.scrollLeft = next;
};
