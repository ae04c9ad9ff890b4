import { Bell, BellOff } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useServerNotifications } from '../api/get-notifications.ts';
import { markReadBody, useMarkNotificationsRead } from '../api/mark-notifications-read.ts';
import { looksUnread, mergeNotifications, type TNotification } from '../lib/notification-rules.ts';
import { notificationsStore, useNotifications } from '../lib/notifications-store.ts';
import { badgeLabel } from './badge-label.ts';
import { EpicNotificationItem } from './epic-notification-item.tsx';
import { NotificationItem } from './notification-item.tsx';
import styles from './notifications-bell.module.css';

export type WatchRequest = { coinId: string; coinSymbol: string };

export type NotificationsBellProps = {
  /** docs/product.md §4: WATCH adds the coin to the watchlist if it is not already there. */
  onWatch?: (coin: WatchRequest) => void;
  isWatched?: (coinId: string) => boolean;
};

const never = () => false;

/**
 * The bell, its unread badge and the notifications menu: the server's epic notices and the top movers, newest
 * first. Opening and closing both mark everything read (on the server too); while open, what was new keeps its
 * highlight until the menu closes (docs/product.md §4).
 */
export const NotificationsBell = ({ onWatch, isWatched = never }: NotificationsBellProps) => {
  const topMovers = useNotifications();
  const server = useServerNotifications();
  const markRead = useMarkNotificationsRead();
  const notifications: TNotification[] = mergeNotifications(server.data?.notifications ?? [], topMovers);
  const [open, setOpen] = useState(false);
  const [unreadWhenOpened, setUnreadWhenOpened] = useState<ReadonlySet<string>>(new Set());
  const panelId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  // The server counts unread notices beyond the page it sent; top movers are all in memory.
  const unreadTotal =
    (server.data?.unread ?? 0) + topMovers.filter((notification) => !notification.read).length;
  const label = badgeLabel(
    open
      ? notifications.filter((notification) => looksUnread(notification, unreadWhenOpened)).length
      : unreadTotal,
  );

  const markEverythingRead = () => {
    notificationsStore.markAllRead();
    const body = server.data ? markReadBody(server.data) : undefined;
    if (body) markRead.mutate(body);
  };

  const toggle = (next: boolean) => {
    if (next === open) return;
    setUnreadWhenOpened(next ? new Set(notifications.filter((n) => !n.read).map((n) => n.id)) : new Set());
    markEverythingRead();
    setOpen(next);
  };
  const close = useRef(() => {});
  close.current = () => toggle(false);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (wrap.current && !wrap.current.contains(event.target as Node)) close.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={styles.wrap} ref={wrap}>
      <button
        type="button"
        className={styles.bell}
        aria-label={label ? `Notifications, ${label} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => toggle(!open)}
      >
        <Bell size={18} aria-hidden="true" />
        {label ? <span className={styles.badge}>{label}</span> : null}
      </button>
      {open ? (
        <section id={panelId} aria-label="Notifications" className={styles.panel}>
          <div className={styles.panelHead}>Notifications</div>
          {notifications.length === 0 ? (
            <div className={styles.empty}>
              <BellOff size={22} aria-hidden="true" />
              NO NOTIFICATIONS
            </div>
          ) : (
            <ul className={styles.items}>
              {notifications.map((notification) =>
                notification.type === 'top_mover' ? (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
                    unread={looksUnread(notification, unreadWhenOpened)}
                    watched={isWatched(notification.coin.id)}
                    onWatch={() =>
                      onWatch?.({ coinId: notification.coin.id, coinSymbol: notification.coin.symbol })
                    }
                  />
                ) : (
                  <EpicNotificationItem
                    key={notification.id}
                    notification={notification}
                    unread={looksUnread(notification, unreadWhenOpened)}
                    onOpen={() => close.current()}
                  />
                ),
              )}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
};
