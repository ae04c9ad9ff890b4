import { type KeyObject, verify } from 'node:crypto';

export type JwtVerdict = { ok: true; keyName: string } | { ok: false; reason: string };

export type VerifyCdpJwtInput = {
  token: string;
  publicKeyOf: (keyName: string) => Promise<KeyObject | undefined>;
  nowMs: number;
  /**
   * For REST: the uri claim must name this method, path and (when given) host, as Coinbase binds a token to
   * `METHOD host+path`. Absent for the WebSocket (no uri claim).
   */
  request?: { method: string; path: string; host?: string };
};

// Clock skew Coinbase tolerates is undocumented; a few seconds keeps honest clients working.
const SKEW_SECONDS = 5;
// CDP tokens live two minutes; one minted to live longer is refused rather than trusted for its whole life.
const MAX_LIFETIME_SECONDS = 120;
// Both JWT dialects in use: the official SDKs send iss "cdp", ccxt's ES256 path sends "coinbase-cloud".
const ISSUERS = new Set(['cdp', 'coinbase-cloud']);

const decodePart = (part: string | undefined): Record<string, unknown> | undefined => {
  if (part === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

/** `GET api.coinbase.com/api/v3/...` or, from ccxt over http, `GET http://127.0.0.1:1234/api/v3/...`. */
const uriMatches = (uri: unknown, request: { method: string; path: string; host?: string }): boolean => {
  if (typeof uri !== 'string') return false;
  const space = uri.indexOf(' ');
  if (space < 0 || uri.slice(0, space).toUpperCase() !== request.method.toUpperCase()) return false;
  const target = uri.slice(space + 1).replace(/^https?:\/\//, '');
  const slash = target.indexOf('/');
  if (slash < 0 || target.slice(slash).split('?')[0] !== request.path) return false;
  return request.host === undefined || target.slice(0, slash).toLowerCase() === request.host.toLowerCase();
};

/** Verifies a CDP JWT the way Advanced Trade does: signature against the key's public key, times, uri path. */
export const verifyCdpJwt = async ({
  token,
  publicKeyOf,
  nowMs,
  request,
}: VerifyCdpJwtInput): Promise<JwtVerdict> => {
  const [h, p, s, extra] = token.split('.');
  const header = decodePart(h);
  const payload = decodePart(p);
  if (!header || !payload || s === undefined || extra !== undefined)
    return { ok: false, reason: 'malformed token' };
  const alg = typeof header.alg === 'string' ? header.alg.toUpperCase() : '';
  if (alg !== 'ES256' && alg !== 'EDDSA') return { ok: false, reason: 'unsupported alg' };
  const keyName = header.kid;
  if (typeof keyName !== 'string') return { ok: false, reason: 'no kid' };
  if (payload.sub !== undefined && payload.sub !== keyName)
    return { ok: false, reason: 'sub differs from kid' };
  if (typeof payload.iss !== 'string' || !ISSUERS.has(payload.iss)) return { ok: false, reason: 'bad iss' };
  const publicKey = await publicKeyOf(keyName);
  if (!publicKey) return { ok: false, reason: 'unknown key' };

  const signature = Buffer.from(s, 'base64url');
  const data = Buffer.from(`${h}.${p}`);
  let valid = false;
  try {
    if (alg === 'ES256' && publicKey.asymmetricKeyType === 'ec') {
      valid = verify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature);
    } else if (alg === 'EDDSA' && publicKey.asymmetricKeyType === 'ed25519') {
      valid = verify(null, data, publicKey, signature);
    }
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: 'bad signature' };

  const now = Math.floor(nowMs / 1000);
  if (typeof payload.exp !== 'number' || payload.exp <= now - SKEW_SECONDS)
    return { ok: false, reason: 'expired' };
  if (typeof payload.nbf === 'number' && payload.nbf > now + SKEW_SECONDS)
    return { ok: false, reason: 'not yet valid' };
  const issued = typeof payload.nbf === 'number' ? payload.nbf : payload.iat;
  if (typeof issued !== 'number' || payload.exp - issued > MAX_LIFETIME_SECONDS)
    return { ok: false, reason: 'lifetime too long' };

  if (request) {
    const uris = Array.isArray(payload.uris) ? payload.uris : [];
    if (!uriMatches(payload.uri ?? uris[0], request)) return { ok: false, reason: 'uri mismatch' };
  }
  return { ok: true, keyName };
};
