import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EDGE_FADE_PX } from '@/components/ui/side-scroll-geometry.ts';
import { fakeLayout } from '@/testing/fake-layout.ts';
import { MemoryRouter } from '@/testing/memory-router.tsx';
import { TabNav } from './tab-nav.tsx';

const TABS = ['Account', 'Preferences', 'Notifications', 'API keys', 'Billing', 'Log out'].map((label) => ({
  label,
  to: `/settings/${label.toLowerCase().replace(' ', '-')}`,
}));
const TAB_WIDTH = 100;
const VIEW_WIDTH = 250;

/** The scroll box around the tabs: the parent of their row. */
const boxOf = () => screen.getByRole('link', { name: 'Account' }).parentElement?.parentElement as HTMLElement;

/** A phone-width box showing two and a half 100 px tabs; each tab sits where the box's scroll puts it. */
const phoneLayout = () =>
  fakeLayout((element) => {
    const box = boxOf();
    if (element === box) return { left: 0, width: VIEW_WIDTH, clientWidth: VIEW_WIDTH, scrollWidth: 600 };
    if (element.tagName !== 'A') return undefined;
    const index = [...(element.parentElement?.children ?? [])].indexOf(element);
    return { left: index * TAB_WIDTH - box.scrollLeft, width: TAB_WIDTH };
  });

const renderAt = (path: string) =>
  render(
    <MemoryRouter path={path}>
      <TabNav label="Settings sections" tabs={TABS} />
    </MemoryRouter>,
  );

describe('TabNav', () => {
  beforeEach(phoneLayout);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('scrolls a selected tab that starts off-screen into view, clear of the edge fade', () => {
    renderAt('/settings/billing');
    expect(screen.getByRole('link', { name: 'Billing' }).getAttribute('aria-current')).toBe('page');
    // Billing spans 400–500: its end plus the fade must meet the view's right edge.
    expect(boxOf().scrollLeft).toBe(5 * TAB_WIDTH + EDGE_FADE_PX - VIEW_WIDTH);
  });

  it('leaves the row where it is when the selected tab already shows', () => {
    renderAt('/settings/account');
    expect(boxOf().scrollLeft).toBe(0);
  });

  it('follows the selection: choosing a tab past the edge scrolls it in, choosing the first scrolls back', async () => {
    renderAt('/settings/account');
    fireEvent.click(screen.getByRole('link', { name: 'API keys' }));
    await waitFor(() => expect(boxOf().scrollLeft).toBe(4 * TAB_WIDTH + EDGE_FADE_PX - VIEW_WIDTH));
    fireEvent.click(screen.getByRole('link', { name: 'Account' }));
    await waitFor(() => expect(boxOf().scrollLeft).toBe(0));
  });

  it('fades the end of the row while tabs run past it', () => {
    renderAt('/settings/account');
    expect(boxOf().parentElement?.hasAttribute('data-overflow-end')).toBe(true);
  });
});
