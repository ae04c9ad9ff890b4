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
  /**
   * Responses under way: a request costs one entry and one shared listener, not a set and a closure of its own
   * (docs/decisions/request-fast-path.md). Which connections they are on is only asked during the drain.
   */
  const responding = new Set<ServerResponse>();
  let draining = false;

  const busy = (socket: Socket) => {
    for (const response of responding) if (response.req.socket === socket) return true;
    return false;
  };

  /** A response's 'close' (sent or abandoned); `this` is the response, and its request still names the connection. */
  function finished(this: ServerResponse) {
    responding.delete(this);
    // Sent before the drain, its headers said keep-alive: the socket is ended here instead, once its last is out.
    const socket = this.req.socket;
    if (draining && !busy(socket)) socket.end();
  }

  app.server.on('connection', (socket: Socket) => {
    if (draining) {
      socket.destroy();
      return;
    }
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (_request: unknown, response: ServerResponse) => {
    responding.add(response);
    response.on('close', finished);
  });

  app.addHook('preClose', async () => {
    draining = true;
    for (const response of responding) if (!response.headersSent) response.shouldKeepAlive = false;
    const underWay = new Set([...responding].map((response) => response.req.socket));
    for (const socket of connections) if (!underWay.has(socket)) socket.destroy();
  });
};
