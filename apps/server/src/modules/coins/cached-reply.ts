import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from './coin-catalogue.ts';

/**
 * The same for every caller but only for signed-in ones, so `private`; a few seconds fresh, then revalidated by
 * ETag, which costs a 304 and no body while the catalogue has not changed (docs/decisions/catalogue-in-memory.md).
 */
const CACHE_CONTROL = 'private, max-age=5';

/** Whether If-None-Match names this validator (a list, `*`, weak or strong: RFC 9110 §13.1.2 compares weakly). */
const matches = (header: string | undefined, etag: string) => {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === opaque;
  });
};

/**
 * Each answer's JSON as UTF-8 bytes, encoded once: a string body is encoded again on every write to the socket, which
 * was the largest single cost of a catalogue read (docs/decisions/catalogue-in-memory.md, "Second pass").
 */
const encoded = new WeakMap<CachedAnswer, Buffer>();
const bytesOf = (answer: CachedAnswer) => {
  let bytes = encoded.get(answer);
  if (!bytes) {
    bytes = Buffer.from(answer.body, 'utf8');
    encoded.set(answer, bytes);
  }
  return bytes;
};

/**
 * Sends an answer cut from the catalogue: its JSON bytes as they are, or 304 when the caller already holds it. Returns
 * nothing, so a handler that calls it at once (no promise) hands Fastify nothing more to send.
 */
export const sendCached = (request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): void => {
  reply.header('etag', answer.etag).header('cache-control', CACHE_CONTROL);
  if (matches(request.headers['if-none-match'], answer.etag)) {
    reply.code(304).send();
    return;
  }
  reply.type('application/json; charset=utf-8').send(bytesOf(answer));
};
