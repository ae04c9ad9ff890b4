import type { TNotification, TNotificationList, TTopMover } from '@cdca/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '@/testing/memory-router.tsx';
import { notificationsQueryKey } from '../api/get-notifications.ts';
import { topMoverNotification } from '../lib/notification-rules.ts';
import { notificationsStore } from '../lib/notifications-store.ts';
import { NotificationsBell, type NotificationsBellProps } from './notifications-bell.tsx';

const mover = (index: number, rank: number | null = 5): TTopMover => ({
  id: `mover-${index}`,
  symbol: `C${index}-USD`,
  createdAt: '2025-01-01T00:00:00.000Z',
  exchangeRateT24Ratio: '1.2',
  coinId: `coin-${index}`,
  photo: '',
  rank,
});

const EPIC_ID = '0b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8';

const closed = (profit: string, read = false): TNotification => ({
  id: `6a1c2d3e-4f50-4a61-8b72-93a4b5c6d7${profit.includes('-') ? 'e1' : 'e2'}`,
  type: 'epic_closed',
  createdAt: new Date().toISOString(),
  read,
  epicId: EPIC_ID,
  epicCoin: 'SOL-USD',
  coin: null,
  dcaLevels: '2/4',
  epicProfits: profit,
  epicStatus: 'closed',
  level: null,
  reportProfits: null,
  message: 'server sentence',
});

const notify = (index: number, rank?: number | null) =>
  act(() => notificationsStore.add(topMoverNotification(mover(index, rank), new Date())));

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

const renderBell = (server: TNotificationList, props: NotificationsBellProps = {}) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(notificationsQueryKey, server);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NotificationsBell {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
};

const none: TNotificationList = { notifications: [], unread: 0 };

describe('NotificationsBell', () => {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ updated: 1 }), { status: 200 }));
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    act(() => notificationsStore.reset());
    vi.unstubAllGlobals();
  });

  it('opens an empty list', () => {
    renderBell(none);
    fireEvent.click(bell());
    expect(screen.getByText('NO NOTIFICATIONS')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('caps the badge at 99+, counting server and top-mover notices together', () => {
    renderBell({ notifications: [], unread: 95 });
    for (let index = 0; index < 5; index += 1) notify(index);
    expect(screen.getByText('99+')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications, 99+ unread' })).toBeTruthy();
  });

  it('shows the top-mover text and keeps new ones highlighted until the menu closes', () => {
    renderBell(none);
    notify(1, 2);
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    fireEvent.click(bell());
    expect(screen.getByText('C1 is moving fast! 🚀')).toBeTruthy();
    expect(screen.getByText('Unread')).toBeTruthy();
    expect(notificationsStore.get()[0]?.read).toBe(true);
    fireEvent.click(bell());
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    fireEvent.click(bell());
    expect(screen.queryByText('Unread')).toBeNull();
  });

  it('WATCH asks to add the coin, and a watched coin cannot be added again', () => {
    const onWatch = vi.fn();
    renderBell(none, { onWatch, isWatched: (id) => id === 'coin-2' });
    notify(1);
    notify(2);
    fireEvent.click(bell());
    fireEvent.click(screen.getByRole('button', { name: 'WATCH' }));
    expect(onWatch).toHaveBeenCalledWith({ coinId: 'coin-1', coinSymbol: 'C1-USD' });
    expect(screen.getByRole('button', { name: 'C2 is in your watchlist' })).toHaveProperty('disabled', true);
  });

  it('words an epic-closed notice as SPEC §4 does, with the profit coloured, linking to the epic', () => {
    // Fixed times, the profit the newer, as the list is newest first (two `new Date()`s may differ by a millisecond).
    const profit = { ...closed('12.5'), createdAt: '2025-01-02T00:00:01.000Z' };
    const loss = { ...closed('-3.2', true), createdAt: '2025-01-02T00:00:00.000Z' };
    renderBell({ notifications: [profit, loss], unread: 1 });
    fireEvent.click(bell());
    const items = screen.getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Your epic SOL[d7e8] was closed on 2/4 at a $12.50 profit');
    expect(items[1]?.textContent).toContain('at a $3.20 loss');
    expect(screen.getByText('$12.50').className).toMatch(/up/);
    expect(screen.getByText('$3.20').className).toMatch(/down/);
    expect(screen.getAllByRole('link')[0]?.getAttribute('href')).toBe(`/epic/${EPIC_ID}`);
  });

  it('words every other ending too: a stop with its coloured loss, a cancel in the server sentence', () => {
    // Fixed times, the stop the newer: the list is newest first, and two `new Date()`s may fall a millisecond apart.
    const stopped: TNotification = {
      ...closed('-3.99'),
      createdAt: '2025-01-02T00:00:01.000Z',
      epicStatus: 'liquidated',
      epicEnding: 'stopped',
      dcaLevels: '3/4',
    };
    const cancelled: TNotification = {
      ...closed('0'),
      id: '6a1c2d3e-4f50-4a61-8b72-93a4b5c6d7e3',
      createdAt: '2025-01-02T00:00:00.000Z',
      epicProfits: null,
      epicStatus: 'cancelled',
      epicEnding: 'cancelled',
      message: 'Your epic SOL[d7e8] was cancelled on 2/4; the coins bought are kept',
    };
    renderBell({ notifications: [stopped, cancelled], unread: 2 });
    fireEvent.click(bell());
    const [stopItem, cancelItem] = screen.getAllByRole('listitem');
    expect(stopItem?.textContent).toContain(
      'Your epic SOL[d7e8] hit its stop on 3/4 and was sold at a $3.99 loss',
    );
    expect(stopItem?.textContent).toContain('Stop hit');
    expect(screen.getByText('$3.99').className).toMatch(/down/);
    expect(cancelItem?.textContent).toContain('was cancelled on 2/4; the coins bought are kept');
    expect(cancelItem?.textContent).toContain('Epic cancelled');
    expect(cancelItem?.textContent).not.toContain('profit');
  });

  it('marks the server notices read through the API when the menu opens', async () => {
    const unread = closed('1');
    const client = renderBell({ notifications: [unread], unread: 1 });
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    fireEvent.click(bell());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/notifications/read');
    expect(JSON.parse(String(init.body))).toEqual({ ids: [unread.id] });
    expect(client.getQueryData<TNotificationList>(notificationsQueryKey)?.unread).toBe(0);
    fireEvent.click(bell());
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
  });
});
