import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { realtimeErrors } from './error-channel.ts';
import {
  RealtimeClient,
  type RealtimeClientOptions,
  type RealtimeStatus,
  realtimeUrl,
} from './realtime-client.ts';
import type { RealtimeSubscribe } from './realtime-context.ts';

type Options = {
  /** Authenticated and off public/login paths (docs/product.md §4). */
  enabled: boolean;
  accessToken: string | undefined;
  onGiveUp: () => void;
  onTokenExpired: () => void;
  /** Every (re)connect: whatever happened while the socket was closed was missed and must be re-read. */
  onConnected?: () => void;
  /** Tests hand in the socket and the timers; the app uses the browser's. Read once, when the client is made. */
  transport?: Pick<RealtimeClientOptions, 'createSocket' | 'schedule' | 'cancel' | 'random'>;
};

export type RealtimeConnection = {
  subscribe: RealtimeSubscribe;
  /** The one place that knows whether events are flowing (the banner and the "live" captions read it). */
  status: RealtimeStatus;
};

/** Owns one RealtimeClient for the app's lifetime and opens or closes it as `enabled` changes. */
export const useRealtimeConnection = ({
  enabled,
  accessToken,
  onGiveUp,
  onTokenExpired,
  onConnected,
  transport,
}: Options): RealtimeConnection => {
  const token = useRef(accessToken);
  token.current = accessToken;
  const callbacks = useRef({ onGiveUp, onTokenExpired, onConnected });
  callbacks.current = { onGiveUp, onTokenExpired, onConnected };

  // One client for the app's lifetime: later callbacks and tokens are read through the refs above.
  const [client] = useState(
    () =>
      new RealtimeClient({
        url: realtimeUrl(window.location),
        getToken: () => token.current,
        onError: (error) => realtimeErrors.push(error),
        onGiveUp: () => callbacks.current.onGiveUp(),
        onTokenExpired: () => callbacks.current.onTokenExpired(),
        onOpen: () => callbacks.current.onConnected?.(),
        ...transport,
      }),
  );

  useEffect(() => {
    if (enabled) client.start();
    else client.stop();
  }, [client, enabled]);

  useEffect(() => () => client.stop(), [client]);

  const status = useSyncExternalStore(
    (onChange) => client.onStatus(onChange),
    () => client.status,
  );
  const subscribe = useMemo<RealtimeSubscribe>(
    () => (name, handler) => client.subscribe(name, handler),
    [client],
  );
  return { subscribe, status };
};
