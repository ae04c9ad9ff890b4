import type { FastifyInstance } from 'fastify';
import { CLOSE_SERVER_SHUTDOWN } from './realtime-connections.ts';

/**
 * `preClose` for @fastify/websocket. Its default closes sockets without a code (the client sees 1005), and it
 * runs before any route's own preClose hook, so only here can shutdown say 1001 "going away".
 */
export async function closeWebsocketsGoingAway(this: FastifyInstance): Promise<void> {
  const server = this.websocketServer;
  for (const client of server.clients) client.close(CLOSE_SERVER_SHUTDOWN.code, CLOSE_SERVER_SHUTDOWN.reason);
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
