import { useEffect, useState } from 'react';
import styles from './landing.module.css';

export type CountdownBannerProps = { launchAt: string };

/** Weeks, days and hours until launch; null once the moment has passed. */
export const countdownParts = (
  target: number,
  now: number,
): { weeks: number; days: number; hours: number } | null => {
  const ms = target - now;
  if (ms <= 0) return null;
  const totalHours = Math.floor(ms / 3_600_000);
  const totalDays = Math.floor(totalHours / 24);
  return { weeks: Math.floor(totalDays / 7), days: totalDays % 7, hours: totalHours % 24 };
};

/** SPEC.md §1: counts down to launch, refreshed every second. */
export const CountdownBanner = ({ launchAt }: CountdownBannerProps) => {
  const target = Date.parse(launchAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const parts = countdownParts(target, now);
  if (!parts) return null;
  return (
    <div className={styles.banner} role="status">
      Launching soon
      <span className={styles.countdown}>
        {parts.weeks}w {parts.days}d {parts.hours}h
      </span>
    </div>
  );
};
