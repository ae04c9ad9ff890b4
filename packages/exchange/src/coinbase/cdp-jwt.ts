import { randomBytes, sign } from 'node:crypto';
import type { CdpSigningKey } from './cdp-key.ts';

/** Coinbase rejects a JWT older than 2 minutes; we sign a fresh one per request. */
export const CDP_JWT_LIFETIME_SECONDS = 120;

export type CdpJwtInput = {
  keyName: string;
  signingKey: CdpSigningKey;
  nowMs: number;
  /** `METHOD host/path` for REST (no scheme, no query string); omitted for the WebSocket user channel. */
  uri?: string;
};

const b64url = (value: Buffer | string): string => Buffer.from(value).toString('base64url');

/** Builds a CDP JWT exactly as the official Advanced Trade SDKs do (iss "cdp", kid/sub = key name, nonce). */
export const buildCdpJwt = ({ keyName, signingKey, nowMs, uri }: CdpJwtInput): string => {
  const nbf = Math.floor(nowMs / 1000);
  const header = { alg: signingKey.alg, kid: keyName, nonce: randomBytes(16).toString('hex'), typ: 'JWT' };
  const payload: Record<string, string | number> = {
    sub: keyName,
    iss: 'cdp',
    nbf,
    exp: nbf + CDP_JWT_LIFETIME_SECONDS,
  };
  if (uri !== undefined) payload.uri = uri;
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  // ES256 in JOSE is raw r‖s (IEEE P1363), not the DER node:crypto emits by default.
  const signature =
    signingKey.alg === 'ES256'
      ? sign('sha256', Buffer.from(input), { key: signingKey.key, dsaEncoding: 'ieee-p1363' })
      : sign(null, Buffer.from(input), signingKey.key);
  return `${input}.${b64url(signature)}`;
};

/** The uri claim: Coinbase checks method, host and path; the query string is not part of it. */
export const cdpUri = (method: string, baseUrl: string, path: string): string => {
  const url = new URL(path, baseUrl);
  return `${method.toUpperCase()} ${url.host}${url.pathname}`;
};
