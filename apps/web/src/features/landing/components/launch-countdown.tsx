import { formatLaunchInstant, useCountdown } from '../hooks/use-countdown.ts';
import { describeCountdown } from '../lib/countdown.ts';
import styles from './pages.module.css';

export type LaunchCountdownProps = { launchAt: string };

/** The /launch page's large countdown; says when trading opened once the instant has passed. */
export const LaunchCountdown = ({ launchAt }: LaunchCountdownProps) => {
  const parts = useCountdown(launchAt);
  if (!parts) {
    return <p className={styles.opened}>Trading opened on {formatLaunchInstant(launchAt)} UTC.</p>;
  }
  const tiles = [
    { value: parts.weeks, label: parts.weeks === 1 ? 'week' : 'weeks' },
    { value: parts.days, label: parts.days === 1 ? 'day' : 'days' },
    { value: parts.hours, label: parts.hours === 1 ? 'hour' : 'hours' },
  ];
  return (
    <div
      className={styles.countdown}
      role="timer"
      aria-label={`Trading opens in ${describeCountdown(parts)}`}
    >
      <div className={styles.tiles} aria-hidden="true">
        {tiles.map((tile) => (
          <span key={tile.label} className={styles.tile}>
            <span className={styles.tileValue}>{String(tile.value).padStart(2, '0')}</span>
            <span className={styles.tileLabel}>{tile.label}</span>
          </span>
        ))}
      </div>
      <p className={styles.when}>until {formatLaunchInstant(launchAt)} UTC</p>
    </div>
  );
};
