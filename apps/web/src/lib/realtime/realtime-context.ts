import type { TRealtimeEventName } from '@cdca/contracts';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { RealtimeHandler, RealtimeStatus } from './realtime-client.ts';

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

/**
 * The connection's status, provided next to RealtimeContext. Without a provider nothing is live (`idle`), so a
 * screen rendered outside the account app never claims to be.
 */
export const RealtimeStatusContext = createContext<RealtimeStatus>('idle');

export const useRealtimeStatus = (): RealtimeStatus => useContext(RealtimeStatusContext);
