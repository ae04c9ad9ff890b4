import { useEffect, useMemo, useState } from 'react';

/**
 * A value built afresh on each render (a request body), handed on when the work on the previous one is done: at
 * once while nothing is `busy`, and the newest one as soon as the work in hand ends — values in between are skipped,
 * never queued. Unlike a debounce it adds no wait to a single change, and unlike following every change it keeps at
 * most one request in flight (docs/decisions/backtest-panel.md). Compared as JSON text, so an equal but new object
 * is not a change.
 */
export const useLatestWhenIdle = <T>(value: T, busy: boolean): T => {
  const text = JSON.stringify(value);
  const [handedOn, setHandedOn] = useState(text);
  useEffect(() => {
    if (!busy && text !== handedOn) setHandedOn(text);
  }, [text, busy, handedOn]);
  return useMemo(() => JSON.parse(handedOn) as T, [handedOn]);
};
