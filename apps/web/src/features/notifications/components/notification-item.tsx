import { Button } from '@/components/ui/button.tsx';
import { CoinAvatar } from '@/components/ui/coin-avatar.tsx';
import { baseSymbol } from '@/lib/format/coin-symbol.ts';
import type { TTopMoverNotification } from '../lib/notification-rules.ts';
import { NotificationMeta } from './notification-meta.tsx';
import { NotificationText } from './notification-text.tsx';
import styles from './notifications-bell.module.css';

export type NotificationItemProps = {
  notification: TTopMoverNotification;
  unread: boolean;
  watched: boolean;
  onWatch: () => void;
};

/** A top-mover notice with its WATCH button (docs/product.md §4). */
export const NotificationItem = ({ notification, unread, watched, onWatch }: NotificationItemProps) => (
  <li className={`${styles.item} ${styles.itemWithAction}`} data-unread={unread} data-type="top_mover">
    <span className={styles.avatarWrap}>
      <CoinAvatar photo={notification.coin.photo} symbol={notification.coin.symbol} size={32} />
    </span>
    <div className={styles.itemBody}>
      <p className={styles.itemText}>
        <NotificationText notification={notification} />
      </p>
      <NotificationMeta unread={unread} kind="Top mover" createdAt={notification.createdAt} />
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
