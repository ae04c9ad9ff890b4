import { Button } from '@/components/ui/button.tsx';
import { CoinAvatar } from '@/components/ui/coin-avatar.tsx';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import { notificationText, type TNotification } from '../lib/notification-rules.ts';
import styles from './notifications-bell.module.css';

export type NotificationItemProps = {
  notification: TNotification;
  unread: boolean;
  watched: boolean;
  onWatch: () => void;
};

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

export const NotificationItem = ({ notification, unread, watched, onWatch }: NotificationItemProps) => (
  <li className={styles.item} data-unread={unread}>
    <CoinAvatar photo={notification.coin.photo} symbol={notification.coin.symbol} size={32} />
    <div className={styles.itemBody}>
      <p className={styles.itemText}>{notificationText(notification)}</p>
      <p className={styles.itemMeta}>
        {unread ? (
          <>
            <span className={styles.dot} aria-hidden="true" />
            <span className="visually-hidden">Unread</span>
          </>
        ) : null}
        Top mover ·{' '}
        <time dateTime={notification.createdAt}>{time.format(new Date(notification.createdAt))}</time>
      </p>
    </div>
    <Button
      size="sm"
      variant={watched ? 'ghost' : 'secondary'}
      disabled={watched}
      aria-label={watched ? `${baseSymbol(notification.coin.symbol)} is in your watchlist` : undefined}
      onClick={onWatch}
    >
      {watched ? 'WATCHING' : 'WATCH'}
    </Button>
  </li>
);
