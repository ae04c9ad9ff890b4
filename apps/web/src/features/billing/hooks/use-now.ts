import { useEffect, useState } from 'react';

/**
 * This device's time, re-read every `intervalMs`, so due-date titles and charge expiries turn on their own. Billing
 * judges time with useServerNow, which corrects it by the server's clock.
 */
export const useNow = (intervalMs = 30_000): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
};
