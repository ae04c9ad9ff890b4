import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLayout } from '@/testing/fake-layout.ts';
import { SideScroll } from './side-scroll.tsx';

/** The scroll box's widths, as the browser would report them; a test changes them to "resize". */
let widths = { scrollWidth: 600, clientWidth: 300 };

const renderRow = (props: { label?: string; fadeStart?: boolean } = {}) => {
  render(
    <SideScroll {...props}>
      <div data-testid="content">wide content</div>
    </SideScroll>,
  );
  const box = screen.getByTestId('content').parentElement as HTMLElement;
  const frame = box.parentElement as HTMLElement;
  const scrollTo = (left: number) => {
    box.scrollLeft = left;
    fireEvent.scroll(box);
  };
  return { box, frame, scrollTo };
};

/** Which edges the frame currently hints at. */
const hints = (frame: HTMLElement) => ({
  start: frame.hasAttribute('data-overflow-start'),
  end: frame.hasAttribute('data-overflow-end'),
});

describe('SideScroll', () => {
  beforeEach(() => {
    widths = { scrollWidth: 600, clientWidth: 300 };
    fakeLayout((element) => (element.querySelector(':scope > [data-testid="content"]') ? widths : undefined));
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('hints only at the edges that have more beyond them, following the scroll', () => {
    const { frame, scrollTo } = renderRow();
    expect(hints(frame)).toEqual({ start: false, end: true });
    scrollTo(150);
    expect(hints(frame)).toEqual({ start: true, end: true });
    scrollTo(300);
    expect(hints(frame)).toEqual({ start: true, end: false });
    scrollTo(0);
    expect(hints(frame)).toEqual({ start: false, end: true });
  });

  it('ignores a sub-pixel remainder at the end', () => {
    const { frame, scrollTo } = renderRow();
    scrollTo(299.5);
    expect(hints(frame)).toEqual({ start: true, end: false });
  });

  it('drops the hint when a resize makes the content fit, and brings it back when it no longer does', () => {
    const { frame } = renderRow();
    widths = { scrollWidth: 600, clientWidth: 600 };
    fireEvent(window, new Event('resize'));
    expect(hints(frame)).toEqual({ start: false, end: false });
    widths = { scrollWidth: 600, clientWidth: 320 };
    fireEvent(window, new Event('resize'));
    expect(hints(frame)).toEqual({ start: false, end: true });
  });

  it('is named and focusable only while it overflows, so a keyboard can scroll it', () => {
    widths = { scrollWidth: 300, clientWidth: 300 };
    const { box } = renderRow({ label: 'Ladder preview' });
    expect(screen.queryByRole('group', { name: 'Ladder preview' })).toBeNull();
    expect(box.hasAttribute('tabindex')).toBe(false);
    widths = { scrollWidth: 600, clientWidth: 300 };
    fireEvent(window, new Event('resize'));
    expect(screen.getByRole('group', { name: 'Ladder preview' })).toBe(box);
    expect(box.tabIndex).toBe(0);
  });

  it('adds no tab stop without a name: the content is focusable itself', () => {
    const { box, frame } = renderRow();
    expect(hints(frame).end).toBe(true);
    expect(box.hasAttribute('tabindex')).toBe(false);
    expect(box.hasAttribute('aria-label')).toBe(false);
  });

  it('leaves the start fade to the caller when told to', () => {
    const { frame, scrollTo } = renderRow({ fadeStart: false });
    scrollTo(100);
    expect(hints(frame).start).toBe(true);
    expect(frame.dataset.fadeStart).toBe('off');
  });
});
