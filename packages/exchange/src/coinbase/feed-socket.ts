import { createReconnectBackoff, type ReconnectBackoff } from './reconnect-backoff.ts';

/**
 * One Advanced Trade WebSocket connection that keeps itself alive: Coinbase drops a socket that has not
 * subscribed within 5 s and idle subscriptions without heartbeats, and the feed restarts on deploys.
 * On every (re)connect the subscribe frames are rebuilt, because a user-channel JWT lives only 120 s.
 */

export type FeedSocketOptions = {
  url: string;
  /** Frames to send after each connect; called again on reconnect so JWTs are fresh. */
  subscribeFrames: () => object[];
  onMessage: (message: unknown) => void;
  /** Called when the venue reports an error frame or the frames cannot be built (e.g. an unreadable key). */
  onError?: (error: Error) => void;
  /** Shared with the exchange's other sockets so a storm of drops is spread (reconnect-backoff.ts). */
  backoff?: ReconnectBackoff;
  /** A socket silent this long (no heartbeat, no data) is treated as dead: closed, reconnected, reported. */
  stallMs?: number;
  /** Called after a reconnect and after a stall: messages may have been missed. */
  onGap?: (why: 'reconnected' | 'stalled') => void;
};

export type FeedSocket = { close: () => void };

export const openFeedSocket = (options: FeedSocketOptions): FeedSocket => {
  const backoff = options.backoff ?? createReconnectBackoff();
  const stallMs = options.stallMs ?? 30_000;
  let closed = false;
  let connects = 0;
  let socket: WebSocket | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stallTimer: ReturnType<typeof setTimeout> | undefined;

  const scheduleReconnect = () => {
    if (closed) return;
    retryTimer = setTimeout(connect, backoff.nextDelayMs());
  };

  /** Re-armed by every message: Coinbase's heartbeats channel speaks every second, so silence means trouble. */
  const watch = (ws: WebSocket) => {
    if (stallTimer) clearTimeout(stallTimer);
    stallTimer = setTimeout(() => {
      if (socket !== ws || closed) return;
      options.onError?.(new Error(`Coinbase feed silent for ${stallMs} ms; reconnecting`));
      options.onGap?.('stalled');
      ws.close();
    }, stallMs);
  };

  const connect = () => {
    if (closed) return;
    let frames: object[];
    try {
      frames = options.subscribeFrames();
    } catch (error) {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    const ws = new WebSocket(options.url);
    socket = ws;
    connects += 1;
    const reconnected = connects > 1;
    ws.addEventListener('open', () => {
      for (const frame of frames) ws.send(JSON.stringify(frame));
      watch(ws);
      if (reconnected) options.onGap?.('reconnected');
    });
    ws.addEventListener('message', (event) => {
      backoff.succeeded();
      watch(ws);
      let message: unknown;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (
        typeof message === 'object' &&
        message !== null &&
        (message as { type?: unknown }).type === 'error'
      ) {
        const said = (message as { message?: unknown }).message;
        options.onError?.(new Error(`Coinbase feed error: ${typeof said === 'string' ? said : 'unknown'}`));
        return;
      }
      options.onMessage(message);
    });
    // 'error' is always followed by 'close', which is where we reconnect.
    ws.addEventListener('error', () => undefined);
    ws.addEventListener('close', () => {
      if (socket === ws) socket = undefined;
      scheduleReconnect();
    });
  };

  connect();
  return {
    close: () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (stallTimer) clearTimeout(stallTimer);
      socket?.close();
      socket = undefined;
    },
  };
};
