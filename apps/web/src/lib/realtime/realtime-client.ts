import {
  REALTIME_CLIENT_DISCONNECT,
  REALTIME_PROTOCOL,
  REALTIME_TOKEN_PROTOCOL_PREFIX,
  type TRealtimeEventName,
  type TRealtimeMessage,
  ZRealtimeMessage,
} from '@cdca/contracts';
import { reconnectDelayMs, shouldGiveUp } from './backoff.ts';

/** The server closes with 4401 once the access token has expired; we reconnect with a fresh one. */
export const TOKEN_EXPIRED_CLOSE_CODE = 4401;

export type RealtimeHandler = (message: TRealtimeMessage) => void;

/**
 * Whether events are flowing, for the screens that say "live": `idle` (not started: signed out or on a public
 * page), `connecting` (the first attempt of a start), `connected`, `reconnecting` (a socket closed or an attempt
 * failed; events sent meanwhile are missed) and `offline` (gave up after the last attempt).
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'offline';

export type RealtimeStatusListener = (status: RealtimeStatus) => void;

type SocketLike = Pick<WebSocket, 'close'> & {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
};

export type RealtimeClientOptions = {
  url: string;
  getToken: () => string | undefined;
  /** Errors and invalid messages go to the error channel (docs/product.md §5, §8). */
  onError: (error: Error) => void;
  /** Called once after the last allowed attempt failed. */
  onGiveUp: () => void;
  /** Called when the server says the token expired, so the auth layer can renew it before we retry. */
  onTokenExpired?: () => void;
  /** Called on every successful open: events sent while we were not connected are gone, so views re-read. */
  onOpen?: () => void;
  createSocket?: (url: string, protocols: string[]) => SocketLike;
  schedule?: (run: () => void, delayMs: number) => unknown;
  cancel?: (handle: unknown) => void;
  random?: () => number;
};

/** One WebSocket with back-off reconnects and a subscription list; no React, so it is testable alone. */
export class RealtimeClient {
  private socket: SocketLike | undefined;
  private timer: unknown;
  private failures = 0;
  private running = false;
  private current: RealtimeStatus = 'idle';
  private readonly statusListeners = new Set<RealtimeStatusListener>();
  private readonly handlers = new Map<TRealtimeEventName | '*', Set<RealtimeHandler>>();
  private readonly options: Required<Omit<RealtimeClientOptions, 'onTokenExpired' | 'onOpen'>> &
    Pick<RealtimeClientOptions, 'onTokenExpired' | 'onOpen'>;

  constructor(options: RealtimeClientOptions) {
    this.options = {
      createSocket: (url, protocols) => new WebSocket(url, protocols),
      schedule: (run, delayMs) => setTimeout(run, delayMs),
      cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      random: Math.random,
      ...options,
    };
  }

  get isRunning(): boolean {
    return this.running;
  }

  get status(): RealtimeStatus {
    return this.current;
  }

  /** Called on every change of `status`. Returns the unsubscribe function. */
  onStatus(listener: RealtimeStatusListener): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  /** Subscribe to one event name, or '*' for every message. Returns the unsubscribe function. */
  subscribe(name: TRealtimeEventName | '*', handler: RealtimeHandler): () => void {
    const set = this.handlers.get(name) ?? new Set<RealtimeHandler>();
    set.add(handler);
    this.handlers.set(name, set);
    return () => {
      set.delete(handler);
    };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.failures = 0;
    this.setStatus('connecting');
    this.open();
  }

  /** Closes on purpose (code 1000, 'client-disconnect'); no reconnect follows. */
  stop(): void {
    this.running = false;
    this.setStatus('idle');
    if (this.timer !== undefined) this.options.cancel(this.timer);
    this.timer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onclose = null;
      socket.onerror = null;
      socket.onmessage = null;
      socket.close(REALTIME_CLIENT_DISCONNECT.code, REALTIME_CLIENT_DISCONNECT.reason);
    }
  }

  private open(): void {
    this.timer = undefined;
    const token = this.options.getToken();
    if (!token) {
      this.retry();
      return;
    }
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url, [
        REALTIME_PROTOCOL,
        `${REALTIME_TOKEN_PROTOCOL_PREFIX}${token}`,
      ]);
    } catch (error) {
      this.options.onError(error instanceof Error ? error : new Error(String(error)));
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.failures = 0;
      this.setStatus('connected');
      this.options.onOpen?.();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => this.options.onError(new Error('Real-time connection error.'));
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (!this.running) return;
      if (event.code === TOKEN_EXPIRED_CLOSE_CODE) this.options.onTokenExpired?.();
      this.retry();
    };
  }

  private retry(): void {
    if (!this.running) return;
    if (shouldGiveUp(this.failures)) {
      this.running = false;
      this.setStatus('offline');
      this.options.onGiveUp();
      return;
    }
    this.setStatus('reconnecting');
    const delay = reconnectDelayMs(this.failures, this.options.random());
    this.failures += 1;
    this.timer = this.options.schedule(() => this.open(), delay);
  }

  private setStatus(next: RealtimeStatus): void {
    if (next === this.current) return;
    this.current = next;
    for (const listener of this.statusListeners) listener(next);
  }

  private receive(data: unknown): void {
    let json: unknown;
    try {
      json = typeof data === 'string' ? JSON.parse(data) : undefined;
    } catch {
      json = undefined;
    }
    const parsed = ZRealtimeMessage.safeParse(json);
    if (!parsed.success) {
      this.options.onError(new Error('Invalid event payload: a message needs both routingKey and event.'));
      return;
    }
    const message = parsed.data;
    for (const name of [message.routingKey, '*'] as const) {
      for (const handler of this.handlers.get(name) ?? []) {
        try {
          handler(message);
        } catch (error) {
          this.options.onError(error instanceof Error ? error : new Error(String(error)));
        }
      }
    }
  }
}

/** `ws(s)://host/api/v1/cdca-ws` for the current page. */
export const realtimeUrl = (location: Pick<Location, 'protocol' | 'host'>): string =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/v1/cdca-ws`;
