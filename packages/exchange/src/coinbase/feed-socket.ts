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
  initialBackoffMs?: number;
  maxBackoffMs?: number;
};

export type FeedSocket = { close: () => void };

export const openFeedSocket = (options: FeedSocketOptions): FeedSocket => {
  const initialBackoffMs = options.initialBackoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  let backoffMs = initialBackoffMs;
  let closed = false;
  let socket: WebSocket | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const scheduleReconnect = () => {
    if (closed) return;
    retryTimer = setTimeout(connect, backoffMs);
    backoffMs = Math.min(maxBackoffMs, backoffMs * 2);
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
    ws.addEventListener('open', () => {
      for (const frame of frames) ws.send(JSON.stringify(frame));
    });
    ws.addEventListener('message', (event) => {
      backoffMs = initialBackoffMs;
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
      socket?.close();
      socket = undefined;
    },
  };
};
