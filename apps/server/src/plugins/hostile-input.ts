import type { IncomingMessage } from 'node:http';
import { INVALID_TEXT_CODE, MAX_TEXT_LENGTH, textProblem } from '@cdca/contracts';
import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * The one gate every text the product is sent passes before anything reads it (docs/decisions/hostile-input.md):
 * path parameters and query strings in onRequest, parsed bodies in preValidation, and for the embedded identity
 * provider (mounted with middie, which answers in onRequest before Fastify parses a body) its raw form bodies too.
 * Refusals are 400 `{code, message}` naming the field, for JSON routes and HTML pages alike.
 */

/** JSON the product accepts is a few levels deep; anything deeper is an attack on a recursive reader. */
const MAX_DEPTH = 32;
/** The identity provider refuses bodies over 56 KiB itself; we read at most this much to check them. */
const MAX_IDENTITY_FORM_BYTES = 64 * 1024;
/** Names that reach Object.prototype when a reader assigns them; no field of ours is called that. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** A field name is only repeated back when it looks like one (never a hostile string echoed into a message). */
const NAMEABLE = /^[A-Za-z0-9_$-]{1,64}$/;

type Node = { value: unknown; path: string; depth: number };

const child = (parent: string, key: string) => {
  // A wildcard route's `*` parameter is the rest of the path.
  const name = key === '*' ? 'path' : NAMEABLE.test(key) ? key : 'a field';
  return parent ? `${parent}.${name}` : name;
};

const invalidText = (field: string, message: string) =>
  new AppError(400, INVALID_TEXT_CODE, `${field}: ${message}`);

const invalidShape = (field: string, message: string) =>
  new AppError(400, 'validation-failed', `${field}: ${message}`);

/** The first rule a value breaks, walked without recursion so deep nesting cannot overflow the stack. */
export const findHostileValue = (root: unknown, rootName: string): AppError | undefined => {
  const pending: Node[] = [{ value: root, path: '', depth: 0 }];
  for (let node = pending.pop(); node; node = pending.pop()) {
    const { value, path, depth } = node;
    const field = path || rootName;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return invalidText(field, problem.message);
      continue;
    }
    if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) continue;
    if (depth >= MAX_DEPTH) return invalidShape(field, 'is nested too deeply');
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push({ value: item, path: child(path, String(index)), depth: depth + 1 });
      });
      continue;
    }
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) return invalidShape(field, `${key} is not an accepted field name`);
      const keyProblem = textProblem(key, 200);
      if (keyProblem) return invalidText(field, `a field name ${keyProblem.message}`);
      pending.push({
        value: (value as Record<string, unknown>)[key],
        path: child(path, key),
        depth: depth + 1,
      });
    }
  }
  return undefined;
};

/**
 * Without a `%`, decoding changes nothing, so the path as a whole breaks a rule exactly when one of its segments does
 * (a segment is no longer than the path; `/` cannot complete a surrogate pair): one check instead of one per
 * segment, on almost every request. A failed check or a `%` walks the segments for the precise answer.
 */
const plainPathIsFine = (path: string) =>
  !path.includes('%') && path.length <= MAX_TEXT_LENGTH && textProblem(path) === undefined;

/** Every path segment, decoded the way the router and the identity provider decode it. */
const findHostilePath = (url: string): AppError | undefined => {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (plainPathIsFine(path)) return undefined;
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return invalidText('path', 'is not valid percent-encoding');
    }
    const problem = textProblem(decoded);
    if (problem) return invalidText('path', problem.message);
  }
  return undefined;
};

/** A query string or form body as key → value (→ values when repeated), decoded like the provider's parser. */
const formFields = (encoded: string) => {
  const fields: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const seen = Object.hasOwn(fields, key) ? fields[key] : undefined;
    fields[key] = seen === undefined ? value : [seen, value].flat();
  }
  return fields;
};

const isIdentityProviderPath = (url: string) => url === '/oidc' || /^\/oidc[/?]/.test(url);

const isFormPost = (request: FastifyRequest) =>
  request.method === 'POST' &&
  (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

/**
 * Reads the provider's form body ahead of it, so it can be checked, and leaves it on `req.body` where
 * oidc-provider takes an already-read body from. Undefined when it is over the limit.
 */
const readIdentityForm = async (raw: IncomingMessage & { body?: unknown }) => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > MAX_IDENTITY_FORM_BYTES) return undefined;
    chunks.push(bytes);
  }
  const body = Buffer.concat(chunks).toString('utf8');
  raw.body = body;
  return body;
};

/** oidc-provider parses its query and form bodies itself: check them the way it will read them. */
const checkIdentityRequest = async (request: FastifyRequest) => {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  const fromQuery = findHostileValue(formFields(query), 'query');
  if (fromQuery) throw fromQuery;
  if (!isFormPost(request)) return;
  const body = await readIdentityForm(request.raw);
  if (body === undefined) throw new AppError(413, 'payload-too-large', 'The request body is too large.');
  const fromBody = findHostileValue(formFields(body), 'body');
  if (fromBody) throw fromBody;
};

/** What the fuzz suite drives: every route the app registered, with its schema. */
export type RouteSummary = { method: string; url: string; schema: FastifySchema | undefined };
const catalogs = new WeakMap<FastifyInstance, RouteSummary[]>();
export const routesOf = (app: FastifyInstance): readonly RouteSummary[] => catalogs.get(app) ?? [];

/** Register right after the error handler, before any route or middleware (the identity provider's included). */
export const registerHostileInputChecks = (app: FastifyInstance) => {
  const routes: RouteSummary[] = [];
  catalogs.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
  });

  // Callback hooks, not async ones: almost every request passes without waiting for anything, and an async hook
  // costs each request a promise and a turn of the microtask queue (docs/decisions/catalogue-in-memory.md).
  app.addHook('onRequest', (request, _reply, done) => {
    const hostile =
      findHostileValue(request.params, 'path') ??
      findHostileValue(request.query, 'query') ??
      findHostilePath(request.url);
    if (hostile) return done(hostile);
    if (!isIdentityProviderPath(request.url)) return done();
    checkIdentityRequest(request).then(() => done(), done);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    done(request.body === undefined ? undefined : findHostileValue(request.body, 'body'));
  });
};
