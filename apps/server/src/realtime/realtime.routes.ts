import type { TAccountStatus } from '@cdca/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';
import type { TokenVerifier } from '../auth/verify-token.ts';
import { AppError, unauthorized } from '../lib/app-error.ts';
import { assertAccountAllowed, LIVE } from '../modules/accounts/account-access.ts';
import type { EventBus } from './event-bus.ts';
import {
  CLOSE_SERVER_SHUTDOWN,
  CLOSE_UNSUPPORTED_MESSAGE,
  createConnectionRegistry,
  type Peer,
} from './realtime-connections.ts';
import { readRealtimeProtocols } from './realtime-protocol.ts';

/** Only what the route needs from the accounts service, so it does not depend on the whole module. */
export type RealtimeAccounts = {
  findByUserId: (userId: string) => Promise<{ id: string; status: TAccountStatus } | undefined>;
};

export type RealtimeRoutesOptions = {
  bus: EventBus;
  verifyToken: TokenVerifier;
  accounts: RealtimeAccounts;
  /** How often sockets are pinged; a socket that misses one pong is terminated. */
  heartbeatMs?: number;
};

const ZClientPing = z.object({ type: z.literal('ping') });
const PONG = JSON.stringify({ type: 'pong' });

/**
 * WebSocket /api/v1/cdca-ws (docs/product.md §4, docs/decisions/realtime.md). Browsers cannot send headers on a WebSocket, so the
 * access token arrives as the `bearer.<token>` subprotocol and is verified before the upgrade: a bad token
 * gets a plain HTTP 401 and never a socket.
 */
export const realtimeRoutes: FastifyPluginAsync<RealtimeRoutesOptions> = async (app, options) => {
  const { bus, verifyToken, accounts, heartbeatMs = 30_000 } = options;
  const connections = createConnectionRegistry(app.log);
  // Hands the verified peer from the upgrade hook to the socket handler without decorating every request.
  const peers = new WeakMap<FastifyRequest, Peer>();

  const unsubscribe = bus.subscribe((envelope) => connections.deliver(envelope));
  const heartbeat = setInterval(() => connections.heartbeat(), heartbeatMs);
  heartbeat.unref();
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
    // Usually a no-op: closeWebsocketsGoingAway (the websocket plugin's preClose) runs first and already said 1001.
    connections.closeAll(CLOSE_SERVER_SHUTDOWN);
  });

  const authenticateUpgrade = async (request: FastifyRequest) => {
    if (!request.ws)
      throw new AppError(426, 'bad-request', 'This endpoint only accepts WebSocket connections.');
    const { speaksCdca, token } = readRealtimeProtocols(request.headers['sec-websocket-protocol']);
    if (!token) throw unauthorized();
    const auth = await verifyToken(token);
    if (!speaksCdca) throw new AppError(400, 'bad-request', 'Offer the cdca.v1 subprotocol.');
    const account = await accounts.findByUserId(auth.sub);
    // A deleted account gets 401 account-deleted here, like every API call (account-access.ts).
    if (account) assertAccountAllowed(LIVE, account.status);
    // A user still without an account gets public market events only.
    peers.set(request, { accountId: account?.id ?? null, tokenExpiresAt: expiryOf(token) });
  };

  app.get('/cdca-ws', { websocket: true, preValidation: authenticateUpgrade }, (socket, request) => {
    const peer = peers.get(request);
    peers.delete(request);
    if (!peer) {
      socket.terminate();
      return;
    }
    connections.add(socket, peer);
    socket.on('message', (data, isBinary) => answer(socket, data, isBinary));
  });
};

/**
 * The client only ever sends `{"type":"ping"}` (to keep proxies from idling the socket out). Anything else
 * means a client bug or a stranger, so the socket is closed with 1008 rather than silently ignored.
 */
const answer = (socket: WebSocket, data: RawData, isBinary: boolean) => {
  if (!isBinary && ZClientPing.safeParse(parseJson(data.toString())).success) {
    socket.send(PONG);
    return;
  }
  socket.close(CLOSE_UNSUPPORTED_MESSAGE.code, CLOSE_UNSUPPORTED_MESSAGE.reason);
};

/** The verifier has checked the signature already; `exp` only schedules the 4401 close. */
const expiryOf = (token: string): number | undefined => {
  const { exp } = decodeJwt(token);
  return exp === undefined ? undefined : exp * 1000;
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
