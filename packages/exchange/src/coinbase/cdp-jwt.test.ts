import { createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { isExchangeError } from '@cdca/engine';
import { describe, expect, it } from 'vitest';
import { verifyCdpJwt } from '../testing/coinbase-fake/verify-cdp-jwt.ts';
import { buildCdpJwt, cdpUri } from './cdp-jwt.ts';
import { loadCdpKey } from './cdp-key.ts';

const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const ed = generateKeyPairSync('ed25519');
const sec1 = ec.privateKey.export({ type: 'sec1', format: 'pem' }).toString();
const KEY = 'organizations/org-1/apiKeys/key-1';
const NOW = 1_717_000_000_000;

const decode = (token: string) => {
  const [h, p] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h ?? '', 'base64url').toString()),
    payload: JSON.parse(Buffer.from(p ?? '', 'base64url').toString()),
  };
};

const verifyWith = (
  token: string,
  publicKey = ec.publicKey,
  nowMs = NOW,
  path = '/api/v3/brokerage/accounts',
) =>
  verifyCdpJwt({
    token,
    publicKeyOf: async (name) => (name === KEY ? publicKey : undefined),
    nowMs,
    request: { method: 'GET', path },
  });

describe('CDP JWT', () => {
  it('signs ES256 with the claims Coinbase checks', async () => {
    const uri = cdpUri('get', 'https://api.coinbase.com', '/api/v3/brokerage/accounts?limit=250');
    expect(uri).toBe('GET api.coinbase.com/api/v3/brokerage/accounts');
    const token = buildCdpJwt({ keyName: KEY, signingKey: loadCdpKey(sec1), nowMs: NOW, uri });
    const { header, payload } = decode(token);
    expect(header).toMatchObject({ alg: 'ES256', kid: KEY, typ: 'JWT' });
    expect(header.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(payload).toEqual({ sub: KEY, iss: 'cdp', nbf: NOW / 1000, exp: NOW / 1000 + 120, uri });
    expect(await verifyWith(token)).toEqual({ ok: true, keyName: KEY });
  });

  it('reads SEC1 with literal \\n, PKCS#8 and Ed25519 keys', async () => {
    expect(loadCdpKey(sec1.replace(/\n/g, '\\n')).alg).toBe('ES256');
    expect(loadCdpKey(ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()).alg).toBe('ES256');
    const edPem = ed.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const token = buildCdpJwt({
      keyName: KEY,
      signingKey: loadCdpKey(edPem),
      nowMs: NOW,
      uri: 'GET h/api/v3/brokerage/accounts',
    });
    expect(decode(token).header.alg).toBe('EdDSA');
    expect((await verifyWith(token, ed.publicKey)).ok).toBe(true);
  });

  it('reads the 88-character base64 Ed25519 secret of the CDP portal', async () => {
    const der = ed.privateKey.export({ type: 'pkcs8', format: 'der' });
    const seed = der.subarray(der.length - 32);
    const raw = createPublicKey(ed.privateKey).export({ type: 'spki', format: 'der' });
    const secret = Buffer.concat([seed, raw.subarray(raw.length - 32)]).toString('base64');
    expect(secret).toHaveLength(88);
    const token = buildCdpJwt({
      keyName: KEY,
      signingKey: loadCdpKey(secret),
      nowMs: NOW,
      uri: 'GET h/api/v3/brokerage/accounts',
    });
    expect((await verifyWith(token, ed.publicKey)).ok).toBe(true);
  });

  it('refuses malformed and unsupported keys as unauthorized without echoing them', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const secp256k1 = generateKeyPairSync('ec', { namedCurve: 'secp256k1' })
      .privateKey.export({ type: 'sec1', format: 'pem' })
      .toString();
    for (const bad of [
      '',
      'not a key',
      rsa,
      secp256k1,
      '-----BEGIN EC PRIVATE KEY-----\nxyz\n-----END EC PRIVATE KEY-----',
    ]) {
      let thrown: unknown;
      try {
        loadCdpKey(bad);
      } catch (error) {
        thrown = error;
      }
      expect(isExchangeError(thrown, 'unauthorized'), bad.slice(0, 20)).toBe(true);
      if (bad.length > 12) expect(String((thrown as Error).message)).not.toContain(bad.slice(30, 60));
    }
  });

  it('the fake refuses expired, early, tampered, misdirected and foreign tokens', async () => {
    const key = loadCdpKey(sec1);
    const uri = 'GET api.coinbase.com/api/v3/brokerage/accounts';
    const token = buildCdpJwt({ keyName: KEY, signingKey: key, nowMs: NOW, uri });
    expect(await verifyWith(token, ec.publicKey, NOW + 121_000 + 5_000)).toMatchObject({
      ok: false,
      reason: 'expired',
    });
    expect(await verifyWith(token, ec.publicKey, NOW - 60_000)).toMatchObject({
      ok: false,
      reason: 'not yet valid',
    });
    expect(await verifyWith(token, ec.publicKey, NOW, '/api/v3/brokerage/orders')).toMatchObject({
      reason: 'uri mismatch',
    });
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey;
    expect(await verifyWith(token, other)).toMatchObject({ reason: 'bad signature' });
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decode(token).payload, exp: NOW / 1000 + 9999 })).toString(
      'base64url',
    );
    expect(await verifyWith(`${h}.${forged}.${s}`)).toMatchObject({ reason: 'bad signature' });
    expect(await verifyWith(`${h}.${p}`)).toMatchObject({ reason: 'malformed token' });
  });

  it('the fake checks the uri host and refuses a token minted to live longer than two minutes', async () => {
    const key = loadCdpKey(sec1);
    const token = buildCdpJwt({
      keyName: KEY,
      signingKey: key,
      nowMs: NOW,
      uri: 'GET api.coinbase.com/api/v3/brokerage/accounts',
    });
    const verifyAt = (host: string) =>
      verifyCdpJwt({
        token,
        publicKeyOf: async () => ec.publicKey,
        nowMs: NOW,
        request: { method: 'GET', path: '/api/v3/brokerage/accounts', host },
      });
    expect((await verifyAt('api.coinbase.com')).ok).toBe(true);
    expect(await verifyAt('evil.example')).toMatchObject({ ok: false, reason: 'uri mismatch' });
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const header = b64({ alg: 'ES256', typ: 'JWT', kid: KEY });
    const payload = b64({
      iss: 'cdp',
      sub: KEY,
      nbf: NOW / 1000,
      exp: NOW / 1000 + 3600,
      uri: 'GET api.coinbase.com/api/v3/brokerage/accounts',
    });
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
      key: ec.privateKey,
      dsaEncoding: 'ieee-p1363',
    });
    expect(await verifyWith(`${header}.${payload}.${signature.toString('base64url')}`)).toMatchObject({
      reason: 'lifetime too long',
    });
  });

  it('reads a base64 Ed25519 secret pasted with line breaks, as the SDK does', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(16);
    const secret = Buffer.concat([seed, Buffer.alloc(32)]).toString('base64');
    const wrapped = `${secret.slice(0, 40)}\n${secret.slice(40)}\r\n`;
    expect(loadCdpKey(wrapped).alg).toBe('EdDSA');
  });

  it('the fake accepts the ccxt dialect: iss coinbase-cloud, aud, iat and an http:// uri', async () => {
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const header = b64({ alg: 'ES256', typ: 'JWT', kid: KEY, nonce: '280f9a3e27d418a249cf028737d7590f' });
    const payload = b64({
      aud: ['retail_rest_api_proxy'],
      iss: 'coinbase-cloud',
      nbf: NOW / 1000,
      exp: NOW / 1000 + 120,
      sub: KEY,
      iat: NOW / 1000,
      uri: 'GET http://127.0.0.1:1234/api/v3/brokerage/accounts',
    });
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
      key: ec.privateKey,
      dsaEncoding: 'ieee-p1363',
    });
    expect((await verifyWith(`${header}.${payload}.${signature.toString('base64url')}`)).ok).toBe(true);
  });
});
