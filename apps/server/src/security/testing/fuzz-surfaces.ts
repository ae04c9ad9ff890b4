import type { z } from 'zod';
import { SANDBOX_LINK_PARAM } from '../../modules/billing/providers/sandbox/sandbox-link.ts';
import type { RouteSummary } from '../../plugins/hostile-input.ts';
import { formEncode, jsonWith, type Shot } from './fuzz-requests.ts';
import {
  MUST_REFUSE_BIG_BODIES,
  MUST_REFUSE_BODIES,
  MUST_REFUSE_JSON,
  MUST_REFUSE_URL_ENCODED,
  MUST_REFUSE_URL_TEXT,
  ODD_JSON,
  ODD_URL_TEXT,
} from './hostile-values.ts';
import { isZodSchema, sampleFor } from './schema-samples.ts';

/** One way into the product: a route (or identity-provider endpoint) with a request it would accept. */
export type Surface = {
  label: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
  bodyKind: 'json' | 'form' | 'none';
  headers: Record<string, string>;
  oauthErrors?: boolean;
};

/** Pages without zod schemas: the fields their handlers read. */
const PAGE_FIELDS: Record<string, { query?: string[]; form?: string[] }> = {
  'GET /interaction/:uid': { query: ['mode'] },
  'POST /interaction/:uid/sign-in': { form: ['email', 'password'] },
  'POST /interaction/:uid/sign-up': { form: ['email', 'password'] },
  'GET /sandbox-pay/:chargeId': { query: [SANDBOX_LINK_PARAM, 'done', 'delivered'] },
  'POST /sandbox-pay/:chargeId/:action': { query: [SANDBOX_LINK_PARAM], form: ['note'] },
};

const schemaOf = (route: RouteSummary, part: 'params' | 'querystring' | 'body') => {
  const schema = (route.schema as Record<string, unknown> | undefined)?.[part];
  return isZodSchema(schema) ? (schema as z.ZodType) : undefined;
};

const objectSample = (schema: z.ZodType | undefined, known: Record<string, unknown>) => {
  const sample = schema ? sampleFor(schema, known) : {};
  return typeof sample === 'object' && sample !== null && !Array.isArray(sample)
    ? (sample as Record<string, unknown>)
    : {};
};

/** A surface per route of the app, with its valid-ish request read off its schemas and `known` ids. */
export const surfaceOf = (
  route: RouteSummary,
  known: Record<string, unknown>,
  headers: Record<string, string>,
): Surface => {
  const method = route.method as Surface['method'];
  const label = `${method} ${route.url}`;
  const page = PAGE_FIELDS[label];
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const params = objectSample(schemaOf(route, 'params'), known);
  for (const name of paramNames) params[name] ??= known[name] ?? 'sample';
  const query = objectSample(schemaOf(route, 'querystring'), known);
  for (const name of page?.query ?? []) query[name] = known[name] ?? 'sample';
  const bodySchema = schemaOf(route, 'body');
  const formFields = page?.form;
  const body = formFields
    ? Object.fromEntries(formFields.map((name) => [name, known[name] ?? 'sample']))
    : bodySchema
      ? objectSample(bodySchema, known)
      : undefined;
  const bodyKind = formFields ? 'form' : bodySchema || method !== 'GET' ? 'json' : 'none';
  return { label, method, path: route.url, params, query, body, bodyKind, headers };
};

const urlOf = (surface: Surface, params: Record<string, string>, query: string) => {
  const path = surface.path.replace(/:(\w+)/g, (_match, name: string) => params[name] ?? '');
  return query ? `${path}?${query}` : path;
};

const encodedParams = (surface: Surface) =>
  Object.fromEntries(
    Object.entries(surface.params).map(([key, value]) => [key, encodeURIComponent(String(value))]),
  );

const payloadOf = (surface: Surface, body: Record<string, unknown> | undefined) => {
  if (surface.bodyKind === 'none' || body === undefined) return {};
  return surface.bodyKind === 'form'
    ? { payload: formEncode(body), headers: { 'content-type': 'application/x-www-form-urlencoded' } }
    : { payload: jsonWith(body), headers: { 'content-type': 'application/json' } };
};

const shot = (
  surface: Surface,
  label: string,
  mustRefuse: boolean,
  parts: {
    params?: Record<string, string>;
    query?: string;
    body?: Record<string, unknown>;
    rawBody?: string;
  },
): Shot => {
  const body = payloadOf(surface, parts.body ?? surface.body);
  const rawBody =
    parts.rawBody === undefined
      ? {}
      : { payload: parts.rawBody, headers: { 'content-type': 'application/json' } };
  const chosen = parts.rawBody === undefined ? body : rawBody;
  return {
    label: `${surface.label} ${label}`,
    mustRefuse,
    oauthErrors: surface.oauthErrors,
    request: {
      method: surface.method,
      url: urlOf(surface, parts.params ?? encodedParams(surface), parts.query ?? formEncode(surface.query)),
      headers: { ...surface.headers, ...('headers' in chosen ? chosen.headers : {}) },
      ...('payload' in chosen ? { payload: chosen.payload } : {}),
    },
  };
};

/** The surface's own valid-ish request, unspoiled. */
export const baselineShot = (surface: Surface): Shot => shot(surface, 'baseline', false, {});

/** Every spoiled request for one surface: each field in turn replaced by each hostile value, then whole bodies. */
export const shotsFor = (surface: Surface, { odd, big = false }: { odd: boolean; big?: boolean }): Shot[] => {
  const shots: Shot[] = [];
  const urlValues = [
    ...MUST_REFUSE_URL_TEXT.map((value) => ({ encoded: encodeURIComponent(value), mustRefuse: true })),
    ...(odd ? ODD_URL_TEXT.map((value) => ({ encoded: encodeURIComponent(value), mustRefuse: false })) : []),
  ];
  // A path segment that is not UTF-8 is refused; a query value the parser decodes to U+FFFD is only odd.
  const badUtf8 = MUST_REFUSE_URL_ENCODED.map((encoded) => ({ encoded, mustRefuse: true }));
  for (const name of Object.keys(surface.params)) {
    for (const [index, { encoded, mustRefuse }] of [...urlValues, ...badUtf8].entries()) {
      shots.push(
        shot(surface, `param ${name} #${index}`, mustRefuse, {
          params: { ...encodedParams(surface), [name]: encoded },
        }),
      );
    }
  }
  const baseQuery = formEncode(surface.query);
  for (const name of [...Object.keys(surface.query), '__proto__', 'constructor']) {
    const rest = Object.fromEntries(Object.entries(surface.query).filter(([key]) => key !== name));
    const forbiddenName = name === '__proto__' || name === 'constructor';
    for (const [index, { encoded, mustRefuse }] of urlValues.entries()) {
      shots.push(
        shot(surface, `query ${name} #${index}`, mustRefuse || forbiddenName, {
          query: formEncode(rest, { [name]: encoded }),
        }),
      );
    }
    if (odd) {
      shots.push(
        shot(surface, `query ${name} repeated`, forbiddenName, { query: `${baseQuery}&${name}=a&${name}=b` }),
        shot(surface, `query ${name} not UTF-8`, forbiddenName, {
          query: formEncode(rest, { [name]: '%ED%A0%80' }),
        }),
      );
    }
  }
  if (surface.body) {
    const values: { value: unknown; mustRefuse: boolean }[] =
      surface.bodyKind === 'form'
        ? [
            ...MUST_REFUSE_URL_TEXT.map((value) => ({ value, mustRefuse: true })),
            ...(odd ? ODD_URL_TEXT.map((value) => ({ value, mustRefuse: false })) : []),
          ]
        : [
            ...MUST_REFUSE_JSON.map((value) => ({ value, mustRefuse: true })),
            ...(odd ? ODD_JSON.map((value) => ({ value, mustRefuse: false })) : []),
          ];
    for (const name of Object.keys(surface.body)) {
      for (const [index, { value, mustRefuse }] of values.entries()) {
        shots.push(
          shot(surface, `body ${name} #${index}`, mustRefuse, { body: { ...surface.body, [name]: value } }),
        );
      }
    }
  }
  if (surface.bodyKind === 'json') {
    for (const { payload, note } of [...MUST_REFUSE_BODIES, ...(big ? MUST_REFUSE_BIG_BODIES : [])]) {
      shots.push(shot(surface, `body: ${note}`, true, { rawBody: payload }));
    }
  }
  return shots;
};
