import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { createProxyServer } from 'http-proxy-3';

/** How often each backend's health is asked; a backend that fails it gets no new requests until it answers again. */
const HEALTH_EVERY_MS = 1_000;
const HEALTH_TIMEOUT_MS = 2_000;

export type Balancer = {
  url: string;
  /** Backends currently taking requests. */
  healthy: () => string[];
  close: () => Promise<void>;
};

/**
 * The local stand-in for a production load balancer (docs/decisions/topology.md): round-robin over the API
 * processes that answer /api/v1/health, HTTP and WebSocket upgrades alike, X-Forwarded-For set to the caller's
 * address (overwritten, never appended, so TRUST_PROXY=true behind it cannot be fooled), Host passed through.
 */
export const startBalancer = async ({
  port,
  host = '127.0.0.1',
  backends,
}: {
  port: number;
  host?: string;
  backends: string[];
}): Promise<Balancer> => {
  const up = new Set(backends);
  let next = 0;
  const pick = (): string | undefined => {
    const pool = backends.filter((backend) => up.has(backend));
    if (pool.length === 0) return undefined;
    next = (next + 1) % pool.length;
    return pool[next];
  };

  const proxy = createProxyServer({ ws: true, xfwd: false, proxyTimeout: 120_000 });
  const forwardedFor = (request: IncomingMessage) => ({
    'x-forwarded-for': request.socket.remoteAddress ?? '',
  });

  const server: Server = createServer((request, response) => {
    const target = pick();
    if (!target) {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'unavailable', message: 'No API process is healthy.' }));
      return;
    }
    proxy.web(request, response, { target, headers: forwardedFor(request) }, (err) => {
      if (response.headersSent) return response.destroy(err);
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'bad-gateway', message: 'The API process did not answer.' }));
    });
  });
  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const target = pick();
    if (!target) return socket.destroy();
    proxy.ws(request, socket, head, { target, headers: forwardedFor(request) }, () => socket.destroy());
  });

  const check = async (backend: string) => {
    try {
      const answer = await fetch(`${backend}/api/v1/health`, {
        signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      });
      if (answer.ok) up.add(backend);
      else up.delete(backend);
    } catch {
      up.delete(backend);
    }
  };
  const health = setInterval(() => void Promise.all(backends.map(check)), HEALTH_EVERY_MS);
  health.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    url: `http://${host}:${port}`,
    healthy: () => backends.filter((backend) => up.has(backend)),
    close: async () => {
      clearInterval(health);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      proxy.close();
    },
  };
};
