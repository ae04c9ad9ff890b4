import { useEffect, useMemo, useRef } from 'react';
import { realtimeErrors } from './error-channel.ts';
import { RealtimeClient, realtimeUrl } from './realtime-client.ts';
import type { RealtimeSubscribe } from './realtime-context.ts';

type Options = {
  /** Authenticated and off public/login paths (docs/product.md §4). */
  enabled: boolean;
  accessToken: string | undefined;
  onGiveUp: () => void;
  onTokenExpired: () => void;
  /** Every (re)connect: whatever happened while the socket was closed was missed and must be re-read. */
  onConnected?: () => void;
};

/** Owns one RealtimeClient for the app's lifetime and opens or closes it as `enabled` changes. */
export const useRealtimeConnection = ({
  enabled,
  accessToken,
  onGiveUp,
  onTokenExpired,
  onConnected,
}: Options): RealtimeSubscribe => {
  const token = useRef(accessToken);
  token.current = accessToken;
  const callbacks = useRef({ onGiveUp, onTokenExpired, onConnected });
  callbacks.current = { onGiveUp, onTokenExpired, onConnected };

  const client = useMemo(
    () =>
      new RealtimeClient({
        url: realtimeUrl(window.location),
        getToken: () => token.current,
        onError: (error) => realtimeErrors.push(error),
        onGiveUp: () => callbacks.current.onGiveUp(),
        onTokenExpired: () => callbacks.current.onTokenExpired(),
        onOpen: () => callbacks.current.onConnected?.(),
      }),
    [],
  );

  useEffect(() => {
    if (enabled) client.start();
    else client.stop();
  }, [client, enabled]);

  useEffect(() => () => client.stop(), [client]);

  return useMemo<RealtimeSubscribe>(() => (name, handler) => client.subscribe(name, handler), [client]);
};
