import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** Secrets never reach the logs: headers that carry tokens and any field that looks like key material. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["sec-websocket-protocol"]',
  'res.headers["set-cookie"]',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.password',
  '*.privateKey',
  '*.apiKey',
  '*.apiSecret',
];

export const loggerOptions = (config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] => ({
  level: config.logLevel,
  redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  serializers: {
    // Query strings can carry OAuth codes and states; log the path only.
    req: (req: { method: string; url: string; id: string }) => ({
      method: req.method,
      url: req.url.split('?')[0],
      id: req.id,
    }),
  },
});
