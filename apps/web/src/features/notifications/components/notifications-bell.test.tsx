import type { TTopMover } from '@cdca/contracts/coins.ts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { topMoverNotification } from '../lib/notification-rules.ts';
import { notificationsStore } from '../lib/notifications-store.ts';
import { NotificationsBell } from './notifications-bell.tsx';

const mover = (index: number, rank: number | null = 5): TTopMover => ({
  id: `mover-${index}`,
  symbol: `C${index}-USD`,
  createdAt: '2025-01-01T00:00:00.000Z',
  exchangeRateT24Ratio: '1.2',
  coinId: `coin-${index}`,
  photo: '',
  rank,
});

const notify = (index: number, rank?: number | null) =>
  act(() => notificationsStore.add(topMoverNotification(mover(index, rank), new Date())));

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('NotificationsBell', () => {
  afterEach(() => {
    cleanup();
    act(() => notificationsStore.reset());
  });

  it('opens an empty list', () => {
    render(<NotificationsBell />);
    fireEvent.click(bell());
    expect(screen.getByText('NO NOTIFICATIONS')).toBeTruthy();
  });

  it('caps the badge at 99+', () => {
    render(<NotificationsBell />);
    for (let index = 0; index < 120; index += 1) notify(index);
    expect(screen.getByText('99+')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications, 99+ unread' })).toBeTruthy();
  });

  it('shows the top-mover text and keeps new ones highlighted until the menu closes', () => {
    render(<NotificationsBell />);
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
    render(<NotificationsBell onWatch={onWatch} isWatched={(id) => id === 'coin-2'} />);
    notify(1);
    notify(2);
    fireEvent.click(bell());
    fireEvent.click(screen.getByRole('button', { name: 'WATCH' }));
    expect(onWatch).toHaveBeenCalledWith({ coinId: 'coin-1', coinSymbol: 'C1-USD' });
    expect(screen.getByRole('button', { name: 'C2 is in your watchlist' })).toHaveProperty('disabled', true);
  });
});
