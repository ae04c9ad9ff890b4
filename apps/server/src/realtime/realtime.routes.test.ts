import type { TAccountStatus } from '@cdca/contracts';
import { REALTIME_PROTOCOL, REALTIME_TOKEN_PROTOCOL_PREFIX } from '@cdca/contracts';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTokenVerifier } from '../auth/verify-token.ts';
import type { Database } from '../db/client.ts';
import { loggerOptions } from '../lib/logger.ts';
import { registerErrorHandler } from '../plugins/error-handler.ts';
import { testConfig } from '../testing/test-config.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { createEventBus } from './create-event-bus.ts';
import type { EventBus, RealtimeEnvelope } from './event-bus.ts';
import { type RealtimeAccounts, realtimeRoutes } from './realtime.routes.ts';
import { selectRealtimeProtocol } from './realtime-protocol.ts';
import { closeWebsocketsGoingAway } from './websocket-shutdown.ts';

const log = pino({ level: 'silent' });
/** Users and their accounts; `newcomer` has signed in but has no account yet; `gone` was deleted. */
const ACCOUNT_OF: Record<string, { id: string; status: TAccountStatus }> = {
  alice: { id: 'account-alice', status: 'active' },
  bob: { id: 'account-bob', status: 'deactivated' },
  gone: { id: 'account-gone', status: 'deleted' },
};
const accounts: RealtimeAccounts = { findByUserId: async (userId) => ACCOUNT_OF[userId] };

type Server = {
  app: FastifyInstance;
  bus: EventBus;
  url: string;
  sign: (sub: string, expiresAt?: number) => Promise<string>;
};

let opened: { app: FastifyInstance; bus: EventBus; database: Database }[] = [];

/** The real route and the real token verifier, trusting a key pair made for the test instead of an issuer's JWKS. */
const startServer = async ({
  heartbeatMs,
  logLines,
}: {
  heartbeatMs?: number;
  logLines?: string[];
} = {}): Promise<Server> => {
  const database = await createTestDatabase();
  const bus = await createEventBus(database, { natsUrl: undefined, log });
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'ES256' };
  const { auth } = testConfig();
  const verifyToken = createTokenVerifier(auth, createLocalJWKSet({ keys: [jwk] }));

  // The production logger settings (redaction, request serializer), at the chattiest level.
  const loggerSettings = loggerOptions({ logLevel: 'trace' });
  const logger =
    logLines && typeof loggerSettings === 'object'
      ? { ...loggerSettings, stream: { write: (line: string) => logLines.push(line) } }
      : false;
  const app = Fastify({ logger });
  registerErrorHandler(app);
  // The same registration as app.ts.
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024, handleProtocols: selectRealtimeProtocol },
    preClose: closeWebsocketsGoingAway,
  });
  await app.register(realtimeRoutes, { prefix: '/api/v1', bus, verifyToken, accounts, heartbeatMs });
  await app.listen({ port: 0, host: '127.0.0.1' });
  opened.push({ app, bus, database });

  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('expected a TCP address');
  const sign = (sub: string, expiresAt = Math.floor(Date.now() / 1000) + 3600) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'test-key' })
      .setSubject(sub)
      .setIssuer(auth.issuer)
      .setAudience(auth.audience)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(privateKey);
  return { app, bus, url: `ws://127.0.0.1:${address.port}/api/v1/cdca-ws`, sign };
};

afterEach(async () => {
  for (const { app, bus, database } of opened) {
    await app.close();
    await bus.close();
    await database.close();
  }
  opened = [];
});

type Client = { ws: WebSocket; messages: unknown[]; closed: Promise<{ code: number; reason: string }> };
type Attempt = { opened: Client } | { rejected: { status: number; body: unknown } };

const connect = (url: string, protocols: string[], options: WebSocket.ClientOptions = {}): Promise<Attempt> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, options);
    const messages: unknown[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      ws.on('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    ws.once('open', () => resolve({ opened: { ws, messages, closed } }));
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () =>
        resolve({ rejected: { status: response.statusCode ?? 0, body: JSON.parse(body) } }),
      );
    });
    ws.once('error', reject);
  });

const open = async (server: Server, sub: string, options?: WebSocket.ClientOptions): Promise<Client> => {
  const token = await server.sign(sub);
  const attempt = await connect(
    server.url,
    [REALTIME_PROTOCOL, `${REALTIME_TOKEN_PROTOCOL_PREFIX}${token}`],
    options,
  );
  if (!('opened' in attempt)) throw new Error(`connection refused: ${JSON.stringify(attempt.rejected)}`);
  return attempt.opened;
};

const accountEvent = (accountId: string, id = accountId): RealtimeEnvelope => ({
  accountId,
  message: { routingKey: 'account.updated', event: { id, status: 'active' } },
});
const coinEvent: RealtimeEnvelope = {
  accountId: null,
  message: { routingKey: 'coin.updated', event: { id: 'BTC-USD' } },
};

const waitForMessages = (client: Client, count: number) =>
  expect.poll(() => client.messages.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(count);

describe('GET /api/v1/cdca-ws', () => {
  it('refuses the upgrade with 401 when no token is offered', async () => {
    const server = await startServer();

    const attempt = await connect(server.url, [REALTIME_PROTOCOL]);

    expect(attempt).toEqual({
      rejected: { status: 401, body: { code: 'unauthorized', message: expect.any(String) } },
    });
  });

  it('refuses the upgrade with 401 for a token it did not issue', async () => {
    const server = await startServer();
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'test-key' })
      .setSubject('alice')
      .setExpirationTime('1h')
      .sign(privateKey);

    const attempt = await connect(server.url, [
      REALTIME_PROTOCOL,
      `${REALTIME_TOKEN_PROTOCOL_PREFIX}${forged}`,
    ]);

    expect(attempt).toEqual({
      rejected: { status: 401, body: { code: 'unauthorized', message: expect.any(String) } },
    });
  });

  it('refuses the upgrade of a deleted account with 401 account-deleted', async () => {
    const server = await startServer();
    const token = await server.sign('gone');

    const attempt = await connect(server.url, [
      REALTIME_PROTOCOL,
      `${REALTIME_TOKEN_PROTOCOL_PREFIX}${token}`,
    ]);

    expect(attempt).toEqual({
      rejected: { status: 401, body: { code: 'account-deleted', message: expect.any(String) } },
    });
  });

  it('closes the sockets of an account with 4403 when it is deleted, and no one else’s', async () => {
    const server = await startServer();
    const first = await open(server, 'alice');
    const second = await open(server, 'alice');
    const bob = await open(server, 'bob');
    const deleted: RealtimeEnvelope = {
      accountId: 'account-alice',
      message: { routingKey: 'account.updated', event: { id: 'account-alice', status: 'deleted' } },
    };

    await server.bus.publish(deleted);

    const closedAs = { code: 4403, reason: 'account-deleted' };
    expect(await first.closed).toEqual(closedAs);
    expect(await second.closed).toEqual(closedAs);
    expect(first.messages).toEqual([deleted.message]);
    await server.bus.publish(coinEvent);
    await waitForMessages(bob, 1);
    expect(bob.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('refuses a plain HTTP request', async () => {
    const server = await startServer();

    const response = await server.app.inject({ method: 'GET', url: '/api/v1/cdca-ws' });

    expect(response.statusCode).toBe(426);
  });

  it('speaks cdca.v1 and delivers own account events and public events, never another account’s', async () => {
    const server = await startServer();
    const alice = await open(server, 'alice');
    expect(alice.ws.protocol).toBe(REALTIME_PROTOCOL);

    await server.bus.publish(accountEvent('account-bob'));
    await server.bus.publish(accountEvent('account-alice'));
    await server.bus.publish(coinEvent);
    await waitForMessages(alice, 2);

    expect(alice.messages).toEqual([accountEvent('account-alice').message, coinEvent.message]);
  });

  it('gives a user without an account public events only', async () => {
    const server = await startServer();
    const newcomer = await open(server, 'newcomer');

    await server.bus.publish(accountEvent('account-alice'));
    await server.bus.publish(coinEvent);
    await waitForMessages(newcomer, 1);

    expect(newcomer.messages).toEqual([coinEvent.message]);
  });

  it('answers a ping with a pong and closes with 1008 on anything else', async () => {
    const server = await startServer();
    const alice = await open(server, 'alice');

    alice.ws.send(JSON.stringify({ type: 'ping' }));
    await waitForMessages(alice, 1);
    expect(alice.messages).toEqual([{ type: 'pong' }]);

    alice.ws.send('subscribe me to everything');
    expect(await alice.closed).toEqual({ code: 1008, reason: 'unsupported-message' });
  });

  it('closes with 4401 when the access token expires, so the client reconnects with a fresh one', async () => {
    const server = await startServer();
    const token = await server.sign('alice', Math.floor(Date.now() / 1000) + 2);
    const attempt = await connect(server.url, [
      REALTIME_PROTOCOL,
      `${REALTIME_TOKEN_PROTOCOL_PREFIX}${token}`,
    ]);
    if (!('opened' in attempt)) throw new Error('connection refused');

    expect(await attempt.opened.closed).toEqual({ code: 4401, reason: 'token-expired' });
  });

  it('terminates a socket that stops answering pings and keeps one that answers', async () => {
    const server = await startServer({ heartbeatMs: 100 });
    const silent = await open(server, 'alice', { autoPong: false });
    const lively = await open(server, 'bob');

    const { code } = await silent.closed;

    expect(code).toBe(1006);
    expect(lively.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('never writes the access token to the log, accepted or refused', async () => {
    const logLines: string[] = [];
    const server = await startServer({ logLines });
    const token = await server.sign('alice');
    const expired = await server.sign('alice', Math.floor(Date.now() / 1000) - 60);

    const alice = await open(server, 'alice');
    alice.ws.send('not a ping');
    await alice.closed;
    await connect(server.url, [REALTIME_PROTOCOL, `${REALTIME_TOKEN_PROTOCOL_PREFIX}${expired}`]);
    await server.app.close();

    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of [token, expired, token.split('.')[2], expired.split('.')[2]]) {
      expect(logLines.join('\n')).not.toContain(secret);
    }
  });

  it('closes every socket with 1001 when the server shuts down', async () => {
    const server = await startServer();
    const alice = await open(server, 'alice');

    await server.app.close();

    expect(await alice.closed).toEqual({ code: 1001, reason: 'server-shutdown' });
  });
});
