import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delayMs`. */
export const useDebouncedValue = <T>(value: T, delayMs: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

/**
 * A value built afresh on each render (a request body), once it has stopped changing for `delayMs`. Compared as
 * JSON text, so an equal but new object does not restart the wait.
 */
export const useSettledJson = <T>(value: T, delayMs: number): T =>
  JSON.parse(useDebouncedValue(JSON.stringify(value), delayMs)) as T;
