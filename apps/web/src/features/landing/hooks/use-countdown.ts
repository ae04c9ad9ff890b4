import { useEffect, useState } from 'react';
import { type CountdownParts, countdownParts } from '../lib/countdown.ts';

/** Weeks, days and hours until `launchAt`, re-read every second (docs/product.md §1); null once it has passed. */
export const useCountdown = (launchAt: string): CountdownParts | null => {
  const target = Date.parse(launchAt);
  const [now, setNow] = useState(() => Date.now());
  const parts = countdownParts(target, now);
  const running = parts !== null;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  return parts;
};

/** "October 1, 2025 at 00:00", in UTC so every reader sees the same instant. */
export const formatLaunchInstant = (launchAt: string): string =>
  new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(Date.parse(launchAt));
