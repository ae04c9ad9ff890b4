import { useRealtimeStatus } from '@/lib/realtime/realtime-context.ts';
import styles from './connection-banner.module.css';

const MESSAGES = {
  reconnecting: 'Reconnecting… figures may be out of date',
  offline: 'Live updates stopped. Figures may be out of date.',
} as const;

/**
 * The signed-in app's one word on liveness: while the realtime socket is down, every live view may be behind, so
 * a quiet note says so and goes away on reconnect (which also re-reads every query, root-layout.tsx). Nothing
 * shows before the first connection nor while it is healthy. The live region is always there, so the change is
 * announced; the note fades in after a moment (CSS), so a token renewal's one-second reconnect does not flash it.
 */
export type ConnectionBannerProps = {
  /** After the client has given up only a reload reconnects; tests pass their own. */
  onRefresh?: () => void;
};

export const ConnectionBanner = ({ onRefresh = () => window.location.reload() }: ConnectionBannerProps) => {
  const status = useRealtimeStatus();
  const message = status === 'reconnecting' || status === 'offline' ? MESSAGES[status] : null;
  return (
    <div className={styles.dock} role="status" aria-live="polite">
      {message ? (
        <p className={styles.banner} data-status={status}>
          <span className={styles.dot} aria-hidden="true" />
          <span className={styles.text}>{message}</span>
          {status === 'offline' ? (
            <button type="button" className={styles.action} onClick={onRefresh}>
              Refresh
            </button>
          ) : null}
        </p>
      ) : null}
    </div>
  );
};
