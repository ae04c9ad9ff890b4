import { CircleCheckBig, Layers, LifeBuoy, Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { CoinAvatar } from '@/components/ui/coin-avatar.tsx';
import type { TServerNotification } from '../lib/notification-rules.ts';
import { NotificationMeta } from './notification-meta.tsx';
import { NotificationText } from './notification-text.tsx';
import styles from './notifications-bell.module.css';

export type EpicNotificationItemProps = {
  notification: TServerNotification;
  unread: boolean;
  onOpen: () => void;
};

const KIND = {
  epic_closed: 'Epic closed',
  epic_hit: 'Level filled',
  stats_report: 'Stats report',
  rank_reached: 'Rank',
  support_reply: 'Support',
} as const;
const ICON = {
  epic_closed: CircleCheckBig,
  epic_hit: Layers,
  stats_report: Layers,
  rank_reached: Trophy,
  support_reply: LifeBuoy,
} as const;

const ENDING_KIND = {
  closed: 'Epic closed',
  cancelled: 'Epic cancelled',
  liquidated: 'Epic liquidated',
  stopped: 'Stop hit',
  delisted: 'Coin delisted',
  error: 'Epic needs you',
} as const;

/** An epic notice; the whole item opens the epic's breakdown (the daily stats report opens /stats). */
export const EpicNotificationItem = ({ notification, unread, onOpen }: EpicNotificationItemProps) => {
  const Icon = ICON[notification.type];
  const body = (
    <>
      <span className={styles.avatarWrap}>
        <CoinAvatar
          photo={notification.coin?.photo}
          symbol={notification.coin?.symbol ?? notification.epicCoin ?? '?'}
          size={32}
        />
        <span className={styles.kindIcon} data-type={notification.type} aria-hidden="true">
          <Icon size={12} />
        </span>
      </span>
      <div className={styles.itemBody}>
        <p className={styles.itemText}>
          <NotificationText notification={notification} />
        </p>
        <NotificationMeta
          unread={unread}
          kind={
            notification.type === 'epic_closed'
              ? ENDING_KIND[notification.epicEnding ?? 'closed']
              : KIND[notification.type]
          }
          createdAt={notification.createdAt}
        />
      </div>
    </>
  );
  return (
    <li className={styles.item} data-unread={unread} data-type={notification.type}>
      {notification.supportTicketId ? (
        // A support answer opens its ticket's thread (docs/decisions/support-tickets.md).
        <Link to={`/support/${notification.supportTicketId}`} className={styles.itemLink} onClick={onOpen}>
          {body}
        </Link>
      ) : notification.epicId || notification.type === 'stats_report' ? (
        <Link
          // The daily report leads to the stats it congratulates on (docs/decisions/daily-report.md).
          to={notification.epicId ? `/epic/${notification.epicId}` : '/stats'}
          className={styles.itemLink}
          onClick={onOpen}
        >
          {body}
        </Link>
      ) : (
        <div className={styles.itemLink}>{body}</div>
      )}
    </li>
  );
};
