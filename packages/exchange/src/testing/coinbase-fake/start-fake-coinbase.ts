import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { accountRoutes } from './fake-account-routes.ts';
import { DEFAULT_BEHAVIOURS, type FakeBehaviours, type FakeState } from './fake-context.ts';
import { createFaultQueue, createRateLimiter, type FakeFault } from './fake-faults.ts';
import { serveFeed } from './fake-feed.ts';
import { handleHttp } from './fake-http.ts';
import { marketRoutes } from './fake-market-routes.ts';
import type { FakeVenue } from './fake-venue.ts';

export type FakeCoinbase = {
  baseUrl: string;
  /** Market data feed (advanced-trade-ws). */
  wsUrl: string;
  /** User order feed (advanced-trade-ws-user). */
  wsUserUrl: string;
  /** Arms a fault for the next `times` requests (optionally only those under `path`). */
  failNext: (fault: FakeFault) => void;
  /** Loses the next `count` user-channel messages in transit; later frames show the sequence gap. */
  loseUserMessages: (count: number) => void;
  /** Drops every open WebSocket, as a Coinbase deploy does; clients must reconnect. */
  dropSockets: () => void;
  /** User-channel subscriptions answered so far (their snapshot sent): a test waits for one, never sleeps. */
  userSubscriptions: () => number;
  /** JWTs the fake accepted, newest last: lets tests check exactly what an adapter signed. */
  receivedTokens: { method: string; path: string; token: string }[];
  close: () => Promise<void>;
};

export type StartFakeCoinbaseOptions = {
  venue: FakeVenue;
  port?: number;
  /** Coinbase: 30 private requests per second per key, 10 public per second per IP. */
  privateRequestsPerSecond?: number;
  publicRequestsPerSecond?: number;
  now?: () => number;
  /** Undocumented behaviours (fake-context.ts); the defaults are the friendliest. */
  behaviours?: Partial<FakeBehaviours>;
};

/** A real HTTP + WebSocket server on 127.0.0.1 speaking Coinbase Advanced Trade v3, driven by `venue`. */
export const startFakeCoinbase = async (options: StartFakeCoinbaseOptions): Promise<FakeCoinbase> => {
  const now = options.now ?? (() => Date.now());
  const state: FakeState = {
    venue: options.venue,
    placedOrders: new Map(),
    behaviours: { ...DEFAULT_BEHAVIOURS, ...options.behaviours },
    unreadOrders: new Set(),
    loseUserMessages: 0,
    userSubscriptions: 0,
  };
  const faults = createFaultQueue();
  const hanging = new Set<ServerResponse>();
  const receivedTokens: FakeCoinbase['receivedTokens'] = [];
  const server = createServer(
    handleHttp({
      state,
      routes: [...marketRoutes, ...accountRoutes],
      faults,
      now,
      hanging,
      limitPrivate: createRateLimiter(options.privateRequestsPerSecond ?? 30, now),
      limitPublic: createRateLimiter(options.publicRequestsPerSecond ?? 10, now),
      onAuthorized: (request) => {
        receivedTokens.push(request);
        if (receivedTokens.length > 1000) receivedTokens.shift();
      },
    }),
  );
  const feeds = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (path !== '/ws' && path !== '/ws-user') {
      socket.destroy();
      return;
    }
    feeds.handleUpgrade(req, socket, head, (ws) => serveFeed(ws, state, now));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    wsUserUrl: `ws://127.0.0.1:${port}/ws-user`,
    failNext: (fault) => faults.push(fault),
    loseUserMessages: (count) => {
      state.loseUserMessages += count;
    },
    dropSockets: () => {
      for (const client of feeds.clients) client.terminate();
    },
    userSubscriptions: () => state.userSubscriptions,
    receivedTokens,
    close: async () => {
      for (const res of hanging) res.destroy();
      for (const client of feeds.clients) client.terminate();
      feeds.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
