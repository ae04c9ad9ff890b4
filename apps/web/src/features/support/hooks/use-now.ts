import { useEffect, useState } from 'react';

/** The time, renewed every minute, so '4 min ago' labels stay true while a page stays open. */
export const useNow = (everyMs = 60_000): Date => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
};
