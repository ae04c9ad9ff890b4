import { ProfitAmount } from '@/components/epic/profit-amount.tsx';
import { profitTone } from '@/lib/epics/epic-figures.ts';
import { epicLabel } from '@/lib/epics/epic-identity.ts';
import { formatUsd } from '@/lib/format/number.ts';
import { notificationText, type TNotification } from '../lib/notification-rules.ts';
import styles from './notifications-bell.module.css';

export type NotificationTextProps = { notification: TNotification };

/**
 * The notice's sentence (docs/product.md §4). In an ended epic's notice with a result (closed, liquidated, stopped)
 * the amount carries the profit colour: green above zero, red below, white at zero; other endings show the server's
 * sentence as it is.
 */
/** Endings that carry a result in dollars, and the words before it. */
const WITH_RESULT = {
  closed: 'was closed on',
  liquidated: 'was liquidated on',
  stopped: 'hit its stop on',
} as const;

export const NotificationText = ({ notification }: NotificationTextProps) => {
  const ending = notification.type === 'epic_closed' ? (notification.epicEnding ?? 'closed') : undefined;
  if (
    notification.type === 'epic_closed' &&
    notification.epicId &&
    notification.epicCoin &&
    (ending === 'closed' || ending === 'liquidated' || ending === 'stopped')
  ) {
    const profits = notification.epicProfits ?? '0';
    const tone = profitTone(profits);
    return (
      <>
        Your epic {epicLabel(notification.epicId, notification.epicCoin)} {WITH_RESULT[ending]}{' '}
        {notification.dcaLevels}
        {ending === 'stopped' ? ' and was sold' : ''} at a{' '}
        <span className={styles[tone]}>{formatUsd(profits.replace('-', ''))}</span>{' '}
        {tone === 'down' ? 'loss' : 'profit'}
      </>
    );
  }
  if (notification.type === 'stats_report' && notification.reportProfits !== null) {
    return (
      <>
        Congrats! Your portfolio is up <ProfitAmount value={notification.reportProfits} /> in the last 24hrs!
      </>
    );
  }
  return <>{notificationText(notification)}</>;
};
