import { MAX_TEXT_LENGTH } from '@cdca/contracts';

/**
 * What the fuzz suite puts in a field. `mustRefuse` values break the product's text and shape rules: every route
 * must answer them with a 4xx and write nothing. `others` are merely odd (wrong types, extreme numbers, injection
 * strings): a route may accept or refuse them, but never with a 5xx.
 */

/** A marker inside hostile text, so the log checks can tell whether any of it was written down. */
export const FUZZ_MARKER = 'fz7marker';

/** A value sent as raw JSON text (numbers JSON.stringify cannot write, keys a JS literal cannot hold). */
export type RawJson = { raw: string };
export const raw = (text: string): RawJson => ({ raw: text });
export const isRawJson = (value: unknown): value is RawJson =>
  typeof value === 'object' && value !== null && 'raw' in value && Object.keys(value).length === 1;

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

export const MUST_REFUSE_TEXT = [
  '\u0000',
  `${FUZZ_MARKER}\u0000`,
  `\u0000${FUZZ_MARKER}@example.test`,
  '\uD800',
  `${FUZZ_MARKER}\uDC00`,
  `\uDBFF${FUZZ_MARKER}`,
  'x'.repeat(MAX_TEXT_LENGTH + 1),
];

/** Field values that must be refused in a JSON body (text rules plus shapes no reader should walk into). */
export const MUST_REFUSE_JSON: unknown[] = [
  ...MUST_REFUSE_TEXT,
  [`${FUZZ_MARKER}\u0000`],
  { nested: '\u0000' },
  raw('{"__proto__":{"polluted":true}}'),
  raw('{"constructor":{"prototype":{"polluted":true}}}'),
  raw(nested(64)),
  raw(`{"${FUZZ_MARKER}\\u0000":1}`),
];

/** Bodies near and over the 1 MiB limit: sent by one caller per route, since each costs a megabyte of parsing. */
export const MUST_REFUSE_BIG_BODIES: { payload: string; note: string }[] = [
  { payload: JSON.stringify({ text: 'x'.repeat(900_000) }), note: '900 kB string' },
  { payload: JSON.stringify({ text: 'x'.repeat(1_100_000) }), note: 'body over 1 MiB' },
];

/** Whole JSON bodies that must be refused whatever the route. */
export const MUST_REFUSE_BODIES: { payload: string; note: string }[] = [
  { payload: nested(20_000), note: 'deeply nested array' },
  { payload: '{"__proto__":{"polluted":true}}', note: '__proto__ key' },
  { payload: '{"constructor":{"prototype":{"polluted":true}}}', note: 'constructor.prototype key' },
  { payload: JSON.stringify({ [`${FUZZ_MARKER}\u0000`]: 1 }), note: 'NUL in a key' },
];

export const ODD_JSON: unknown[] = [
  1e308,
  -1,
  2 ** 53 + 1,
  raw('1e400'),
  'NaN',
  '1e308',
  '',
  [],
  ['a', 'b'],
  {},
  true,
  null,
  "' OR 1=1 --",
  '<script>alert(1)</script>',
];

/** Query and path values, before percent-encoding (a URL cannot carry a lone surrogate, so those go raw). */
export const MUST_REFUSE_URL_TEXT = ['\u0000', `${FUZZ_MARKER}\u0000`, 'x'.repeat(MAX_TEXT_LENGTH + 1)];
/** Path segments only: a surrogate encoded as UTF-8 is not UTF-8, so it cannot be decoded. */
export const MUST_REFUSE_URL_ENCODED = ['%ED%A0%80', '%00%00'];
export const ODD_URL_TEXT = ['-1', '1e308', 'NaN', '', "' OR 1=1 --", '%'];
