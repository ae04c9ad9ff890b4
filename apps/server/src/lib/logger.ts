import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config.ts';

/**
 * Logs hold no secrets, no personal data and no capability links at any level (docs/decisions/log-privacy.md):
 * headers that carry tokens, fields that name key material or people, and the query and parameters of failed SQL.
 */
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
  ...['email', 'firstName', 'lastName', 'hostedUrl', 'chargeHostedUrl', 'redirectUrl'].flatMap((field) => [
    field,
    `*.${field}`,
  ]),
];

type LoggedRequest = { method: string; url: string; id: string; routeOptions?: { url?: string } };

/**
 * What a request's log line says about its URL: the route's pattern (`/sandbox-pay/:chargeId`), never the path
 * itself, whose segments are ids, capability links or whatever a caller typed; no query string (OAuth codes,
 * states). A request no route matched (the identity provider's, unknown paths) logs its first segment only.
 */
export const loggableUrl = (req: LoggedRequest) => {
  const pattern = req.routeOptions?.url;
  if (pattern && pattern !== '*' && pattern !== '/*') return pattern;
  const [first] = (req.url.split('?')[0] ?? '').split('/').filter(Boolean);
  return first && /^[\w.-]{1,40}$/.test(first) ? `/${first}/…` : '/…';
};

type SafeError = { type: string; message: string; code?: string; stack: string; cause?: SafeError };

const DATABASE_MESSAGE = 'database query failed';

/** pg and PGlite errors carry a severity and a five-character SQLSTATE; Drizzle wraps them with the SQL. */
const isDatabaseError = (error: Error): boolean => {
  const fields = error as unknown as Record<string, unknown>;
  if ('query' in fields || 'params' in fields || 'internalQuery' in fields) return true;
  return typeof fields.severity === 'string' && typeof fields.code === 'string';
};

/** A message someone built from a database error (`String(error)`, `${error.message}`) loses the SQL and values. */
const scrubMessage = (message: string) =>
  /Failed query:|\bparams:|invalid byte sequence|invalid input syntax|violates .* constraint/i.test(message)
    ? DATABASE_MESSAGE
    : message;

const stackFrames = (stack: string | undefined) =>
  (stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');

const stringCode = (error: Error) => {
  const { code } = error as unknown as Record<string, unknown>;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : undefined;
};

/**
 * An error as it may be logged. Database errors keep their type, SQLSTATE and stack frames only: their message,
 * `detail`, query and parameters hold the values that were sent (e-mails, names, ticket text). The cause chain is
 * followed the same way, a few levels deep.
 */
export const serializeError = (value: unknown, depth = 0): SafeError => {
  if (!(value instanceof Error)) {
    const message = typeof value === 'string' ? scrubMessage(value) : String(value);
    return { type: typeof value, message, stack: '' };
  }
  const type = value.name || 'Error';
  const database = isDatabaseError(value);
  const message = database ? DATABASE_MESSAGE : scrubMessage(value.message);
  const frames = stackFrames(value.stack);
  const code = stringCode(value);
  const cause = depth < 3 && value.cause !== undefined ? serializeError(value.cause, depth + 1) : undefined;
  return {
    type,
    message,
    ...(code ? { code } : {}),
    stack: frames ? `${type}: ${message}\n${frames}` : `${type}: ${message}`,
    ...(cause ? { cause } : {}),
  };
};

/**
 * The logger settings every server process uses. `destination` is where lines go (standard output unless a test
 * captures them).
 */
export const loggerOptions = (
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): FastifyServerOptions['logger'] => ({
  level: config.logLevel,
  redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  serializers: {
    req: (req: LoggedRequest) => ({ method: req.method, url: loggableUrl(req), id: req.id }),
    err: serializeError,
    error: serializeError,
  },
  ...(destination ? { stream: destination } : {}),
});
