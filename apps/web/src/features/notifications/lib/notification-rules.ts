import type { TNotification as TServerNotification, TTopMover } from '@cdca/contracts';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';

export type { TServerNotification };

/** docs/product.md §3 Notification. Top movers are noticed in the browser; epic notices come from the server. */
export type TNotificationCoin = { id: string; symbol: string; photo: string; rank: number | null };

export type TTopMoverNotification = {
  /** The source event's id, so a replayed event never notifies twice. */
  id: string;
  type: 'top_mover';
  createdAt: string;
  read: boolean;
  coin: TNotificationCoin;
};

/** What the bell lists: both kinds, newest first. */
export type TNotification = TTopMoverNotification | TServerNotification;

/** The newest notifications kept; older ones fall off. */
export const MAX_NOTIFICATIONS = 100;

export const topMoverNotification = (mover: TTopMover, now: Date): TTopMoverNotification => ({
  id: mover.id,
  type: 'top_mover',
  createdAt: now.toISOString(),
  read: false,
  coin: { id: mover.coinId, symbol: mover.symbol, photo: mover.photo, rank: mover.rank },
});

/** docs/product.md §4: rank 2 is "moving fast", every other rank is "in a channel". */
export const topMoverText = (notification: TTopMoverNotification): string => {
  const coin = baseSymbol(notification.coin.symbol);
  return notification.coin.rank === 2 ? `${coin} is moving fast! 🚀` : `${coin} is in a channel!`;
};

/** The notice as one plain sentence (toasts, screen readers); the list colours the amount separately. */
export const notificationText = (notification: TNotification): string =>
  notification.type === 'top_mover' ? topMoverText(notification) : notification.message;

/** Newest first, one per source event, capped. */
export const addNotification = <T extends TNotification>(list: readonly T[], notification: T): T[] =>
  list.some((existing) => existing.id === notification.id)
    ? [...list]
    : [notification, ...list].slice(0, MAX_NOTIFICATIONS);

/** Both sources in one list, newest first (ties keep server notices first), capped. */
export const mergeNotifications = (
  server: readonly TServerNotification[],
  topMovers: readonly TTopMoverNotification[],
): TNotification[] =>
  [...server, ...topMovers]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, MAX_NOTIFICATIONS);

export const unreadCount = (list: readonly TNotification[]): number =>
  list.filter((notification) => !notification.read).length;

/** Opening or closing the menu marks everything read (docs/product.md §4). */
export const markAllRead = <T extends TNotification>(list: readonly T[]): T[] =>
  list.every((notification) => notification.read)
    ? [...list]
    : list.map((notification) => (notification.read ? notification : { ...notification, read: true }));

/**
 * While the menu is open, the notifications that were unread when it opened still look unread — the
 * person sees what is new — until it closes. Anything arriving while open is unread too.
 */
export const looksUnread = (notification: TNotification, unreadWhenOpened: ReadonlySet<string>): boolean =>
  !notification.read || unreadWhenOpened.has(notification.id);
