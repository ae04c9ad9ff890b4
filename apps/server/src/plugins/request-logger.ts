import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { symbols } from 'pino';

type Bindings = Record<string, unknown>;

/** pino's own field for a logger's bound fields, as the JSON text it appends to every line (`,"reqId":"req-1"`). */
const { chindingsSym } = symbols;
type PinoLogger = FastifyBaseLogger & { [chindingsSym]: string };

const isPino = (logger: FastifyBaseLogger): logger is PinoLogger =>
  typeof (logger as Partial<PinoLogger>)[chindingsSym] === 'string';

/** The request id Fastify binds to each request's logger: its only binding, a string of its own making. */
const requestIdOnly = (bindings: Bindings, options: object) => {
  const keys = Object.keys(bindings);
  const [key] = keys;
  if (keys.length !== 1 || key === undefined || Object.keys(options).length > 0) return undefined;
  const value = bindings[key];
  return typeof value === 'string' ? { key, value } : undefined;
};

/**
 * Each request's logger, as pino's `child` makes it but without passing the request id through the redaction of
 * every binding. With redaction configured (lib/logger.ts), pino's child runs the wildcard redactor over each bound
 * value — ~2 % of a cached API read, at any level, silent included (docs/decisions/catalogue-in-memory.md, "Third
 * pass"). The request id is Fastify's counter (`req-1`; no header sets it here), a string no redacted path can name,
 * so the child's bound text is the parent's plus that one field, encoded as pino encodes a string. Anything else
 * (other bindings, child options, another logger) goes through pino's `child` unchanged, redaction included.
 */
export const cheapRequestLoggers = (app: FastifyInstance) => {
  app.setChildLoggerFactory((logger, bindings, options) => {
    const only = requestIdOnly(bindings, options);
    if (!only || !isPino(logger)) return logger.child(bindings, options);
    const child = logger.child({}) as PinoLogger;
    child[chindingsSym] = `${logger[chindingsSym]},${JSON.stringify(only.key)}:${JSON.stringify(only.value)}`;
    return child;
  });
};
