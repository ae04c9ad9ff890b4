import { formatLaunchInstant, useCountdown } from '../hooks/use-countdown.ts';
import { describeCountdown } from '../lib/countdown.ts';
import styles from './banners.module.css';

export type CountdownBannerProps = { launchAt: string };

/** docs/product.md §1: weeks, days and hours until launch, refreshed every second, gone once the instant passes. */
export const CountdownBanner = ({ launchAt }: CountdownBannerProps) => {
  const parts = useCountdown(launchAt);
  if (!parts) return null;
  const units = [
    { value: parts.weeks, unit: parts.weeks === 1 ? 'week' : 'weeks' },
    { value: parts.days, unit: parts.days === 1 ? 'day' : 'days' },
    { value: parts.hours, unit: parts.hours === 1 ? 'hour' : 'hours' },
  ];
  return (
    // role=timer is not announced on every tick; the label says the whole thing once, in words.
    <div
      className={`${styles.bar} ${styles.countdown}`}
      role="timer"
      aria-label={`Launch in ${describeCountdown(parts)}`}
    >
      <span className={styles.label}>Trading opens in</span>
      <span className={styles.units} aria-hidden="true">
        {units.map(({ value, unit }) => (
          <span key={unit} className={styles.unit} data-unit={unit}>
            <strong>{value}</strong> {unit}
          </span>
        ))}
      </span>
      <span className={`${styles.label} ${styles.date}`}>
        <strong>{formatLaunchInstant(launchAt)} UTC</strong>
      </span>
    </div>
  );
};
