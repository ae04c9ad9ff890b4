import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * The HTTP side of a graceful stop (docs/decisions/shutdown.md). Node's `server.close()` waits for every connection
 * to end but closes only the idle ones: a connection that has not sent a request yet (a browser's preconnect) is
 * left open for good — Node stops its header timeout on close — and one whose response was under way stays open
 * after it, kept alive for Fastify's 72 s. Either held a SIGTERM past a supervisor's patience.
 *
 * Registered after every other preClose hook of the root (app.ts), so it runs once the sockets and background jobs
 * have stopped, just before Fastify closes the server: connections without a response under way end now, those
 * with one end once it is sent (`Connection: close`), and a connection accepted from then on is refused.
 */
export const drainConnectionsOnClose = (app: FastifyInstance): void => {
  const connections = new Set<Socket>();
  const responding = new Map<Socket, Set<ServerResponse>>();
  let draining = false;

  const finished = (socket: Socket, response: ServerResponse) => {
    const pending = responding.get(socket);
    pending?.delete(response);
    if (pending?.size) return;
    responding.delete(socket);
    // Sent before the drain, its headers said keep-alive: the socket is ended here instead.
    if (draining) socket.end();
  };

  app.server.on('connection', (socket: Socket) => {
    if (draining) {
      socket.destroy();
      return;
    }
    connections.add(socket);
    socket.once('close', () => {
      connections.delete(socket);
      responding.delete(socket);
    });
  });
  app.server.on('request', ({ socket }: { socket: Socket }, response: ServerResponse) => {
    const pending = responding.get(socket) ?? new Set<ServerResponse>();
    pending.add(response);
    responding.set(socket, pending);
    response.once('close', () => finished(socket, response));
  });

  app.addHook('preClose', async () => {
    draining = true;
    for (const socket of connections) {
      const pending = responding.get(socket);
      if (!pending) {
        socket.destroy();
        continue;
      }
      for (const response of pending) if (!response.headersSent) response.shouldKeepAlive = false;
    }
  });
};
