import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs`, so due-date titles and charge expiries turn on their own. */
export const useNow = (intervalMs = 30_000): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
};
