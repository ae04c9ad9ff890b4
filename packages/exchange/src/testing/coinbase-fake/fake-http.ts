import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeState, Route, Scope } from './fake-context.ts';
import type { FakeFault, FaultQueue } from './fake-faults.ts';
import {
  missingScope,
  notFound,
  type Reply,
  serverError,
  tooManyRequests,
  unauthorized,
} from './fake-reply.ts';
import { verifyCdpJwt } from './verify-cdp-jwt.ts';

const PREFIX = '/api/v3/brokerage';

export type HttpDeps = {
  state: FakeState;
  routes: readonly Route[];
  faults: FaultQueue;
  now: () => number;
  limitPrivate: (key: string) => { allowed: boolean; headers: Record<string, string>; retryAfterMs: number };
  limitPublic: (key: string) => { allowed: boolean; headers: Record<string, string>; retryAfterMs: number };
  /** Requests the fake was told to swallow, answered (destroyed) on close. */
  hanging: Set<ServerResponse>;
  /** Every authenticated request's decoded JWT, for tests that check what the adapter sends. */
  onAuthorized?: (request: { method: string; path: string; token: string }) => void;
};

const send = (res: ServerResponse, reply: Reply) => {
  const isText = typeof reply.body === 'string';
  res.writeHead(reply.status, {
    'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    ...reply.headers,
  });
  res.end(isText ? reply.body : JSON.stringify(reply.body));
};

const readJson = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
};

const allows = (scope: Scope, p: { canView: boolean; canTrade: boolean }) =>
  scope === 'any' || scope === 'public' || (scope === 'view' ? p.canView : p.canTrade);

const route = async (
  deps: HttpDeps,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<Reply | undefined> => {
  const url = new URL(req.url ?? '/', 'http://fake');
  const method = req.method ?? 'GET';
  const fault = deps.faults.take(url.pathname);
  if (fault && !fault.afterCommit) return failWith(deps, fault, res);
  const reply = await answer(deps, req, url, method);
  return fault ? failWith(deps, fault, res) : reply;
};

const failWith = (deps: HttpDeps, fault: FakeFault, res: ServerResponse): Reply | undefined => {
  if ('timeout' in fault) {
    deps.hanging.add(res);
    return undefined;
  }
  if ('drop' in fault) {
    res.destroy();
    return undefined;
  }
  return fault.status === 429 ? tooManyRequests(fault.retryAfterSeconds ?? 1) : serverError(fault.status);
};

const answer = async (deps: HttpDeps, req: IncomingMessage, url: URL, method: string): Promise<Reply> => {
  if (!url.pathname.startsWith(`${PREFIX}/`)) return notFound('Not Found');
  const path = url.pathname.slice(PREFIX.length);
  let params: string[] = [];
  const match = deps.routes.find((r) => {
    if (r.method !== method) return false;
    const found = r.pattern.exec(path);
    if (found) params = found.slice(1).map((p) => decodeURIComponent(p));
    return found !== null;
  });
  if (!match) return notFound('Not Found');

  let keyName = '';
  // Every private answer says how much of the key's window is left, as Coinbase's do.
  let rateHeaders: Record<string, string> = {};
  if (match.scope === 'public') {
    const limit = deps.limitPublic(req.socket.remoteAddress ?? 'ip');
    if (!limit.allowed) return tooManyRequests(Math.ceil(limit.retryAfterMs / 1000), limit.headers);
  } else {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return unauthorized();
    const verdict = await verifyCdpJwt({
      token,
      publicKeyOf: async (name) => (await deps.state.venue.findKey(name))?.publicKey,
      nowMs: deps.now(),
      request: { method, path: url.pathname, host: req.headers.host },
    });
    if (!verdict.ok) return unauthorized();
    keyName = verdict.keyName;
    deps.onAuthorized?.({ method, path: url.pathname, token });
    const limit = deps.limitPrivate(keyName);
    if (!limit.allowed) return tooManyRequests(null, limit.headers);
    rateHeaders = limit.headers;
    const key = await deps.state.venue.findKey(keyName);
    if (!key) return unauthorized();
    if (!allows(match.scope, key.permissions)) return missingScope();
  }
  const body = method === 'POST' ? await readJson(req) : undefined;
  const reply = await match.handle({ state: deps.state, query: url.searchParams, body, params, keyName });
  return { ...reply, headers: { ...rateHeaders, ...reply.headers } };
};

export const handleHttp = (deps: HttpDeps) => (req: IncomingMessage, res: ServerResponse) => {
  route(deps, req, res).then(
    (reply) => {
      if (reply) send(res, reply);
    },
    () => send(res, serverError(500)),
  );
};
