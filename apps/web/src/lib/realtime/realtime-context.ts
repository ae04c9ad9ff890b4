import type { TRealtimeEventName } from '@cdca/contracts';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { RealtimeHandler } from './realtime-client.ts';

export type RealtimeSubscribe = (name: TRealtimeEventName | '*', handler: RealtimeHandler) => () => void;

export const RealtimeContext = createContext<RealtimeSubscribe | null>(null);

/** Later features (epics, watchlist, payments) react to their events through this hook. */
export const useRealtimeEvent = (name: TRealtimeEventName | '*', handler: RealtimeHandler): void => {
  const subscribe = useContext(RealtimeContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!subscribe) return;
    return subscribe(name, (message) => latest.current(message));
  }, [subscribe, name]);
};
