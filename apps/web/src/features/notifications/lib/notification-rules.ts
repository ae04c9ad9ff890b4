import type { TTopMover } from '@cdca/contracts/coins.ts';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';

/** SPEC.md §3 Notification (client side only). Epic and stats notices arrive with the engine. */
export type TNotificationCoin = { id: string; symbol: string; photo: string; rank: number | null };

export type TNotification = {
  /** The source event's id, so a replayed event never notifies twice. */
  id: string;
  type: 'top_mover';
  createdAt: string;
  read: boolean;
  coin: TNotificationCoin;
};

/** The newest notifications kept; older ones fall off. */
export const MAX_NOTIFICATIONS = 100;

export const topMoverNotification = (mover: TTopMover, now: Date): TNotification => ({
  id: mover.id,
  type: 'top_mover',
  createdAt: now.toISOString(),
  read: false,
  coin: { id: mover.coinId, symbol: mover.symbol, photo: mover.photo, rank: mover.rank },
});

/** SPEC.md §4: rank 2 is "moving fast", every other rank is "in a channel". */
export const notificationText = (notification: TNotification): string => {
  const coin = baseSymbol(notification.coin.symbol);
  return notification.coin.rank === 2 ? `${coin} is moving fast! 🚀` : `${coin} is in a channel!`;
};

/** Newest first, one per source event, capped. */
export const addNotification = (
  list: readonly TNotification[],
  notification: TNotification,
): TNotification[] =>
  list.some((existing) => existing.id === notification.id)
    ? [...list]
    : [notification, ...list].slice(0, MAX_NOTIFICATIONS);

export const unreadCount = (list: readonly TNotification[]): number =>
  list.filter((notification) => !notification.read).length;

/** Opening or closing the menu marks everything read (SPEC.md §4). */
export const markAllRead = (list: readonly TNotification[]): TNotification[] =>
  list.every((notification) => notification.read)
    ? [...list]
    : list.map((notification) => (notification.read ? notification : { ...notification, read: true }));

/**
 * While the menu is open, the notifications that were unread when it opened still look unread — the
 * person sees what is new — until it closes. Anything arriving while open is unread too.
 */
export const looksUnread = (notification: TNotification, unreadWhenOpened: ReadonlySet<string>): boolean =>
  !notification.read || unreadWhenOpened.has(notification.id);
