import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTVerifyGetKey, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier, type TokenVerifier } from './verify-token.ts';

const auth = {
  provider: 'embedded' as const,
  issuer: 'http://localhost:3000/oidc',
  clientId: 'cdca-web',
  audience: 'http://localhost:3000/api',
};

const nowSeconds = () => Math.floor(Date.now() / 1000);

let sign: (claims: Record<string, unknown>, options?: { expiresIn?: string | number }) => Promise<string>;
let verify: TokenVerifier;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  verify = createTokenVerifier(auth, createLocalJWKSet({ keys: [jwk] }));
  sign = (claims, options = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '5m')
      .sign(privateKey);
});

describe('access token verification', () => {
  it('accepts a token for our issuer and audience and reads its subject and e-mail', async () => {
    const token = await sign({
      sub: 'user-1',
      email: 'a@example.test',
      iss: auth.issuer,
      aud: auth.audience,
    });
    await expect(verify(token)).resolves.toEqual({ sub: 'user-1', email: 'a@example.test', token });
  });

  it.each([
    ['another audience', { sub: 'u', iss: auth.issuer, aud: 'cdca-web' }, {}],
    ['another issuer', { sub: 'u', iss: 'https://evil.example', aud: auth.audience }, {}],
    ['no subject', { iss: auth.issuer, aud: auth.audience }, {}],
    // Two minutes ago: beyond any clock tolerance.
    [
      'an expiry in the past',
      { sub: 'u', iss: auth.issuer, aud: auth.audience },
      { expiresIn: nowSeconds() - 120 },
    ],
  ])('refuses %s with 401', async (_name, claims, options) => {
    const token = await sign(claims, options);
    await expect(verify(token)).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('refuses a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({ sub: 'u', iss: auth.issuer, aud: auth.audience })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setExpirationTime('5m')
      .sign(privateKey);
    await expect(verify(token)).rejects.toMatchObject({ status: 401 });
  });
});

describe('verified tokens are remembered until they expire', () => {
  it('checks the signature once per token, answers the same after, and checks again once it expired', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k2', alg: 'ES256' }] });
    let lookups = 0;
    let clock = new Date();
    const counted: JWTVerifyGetKey = (header, token) => {
      lookups += 1;
      return keys(header, token);
    };
    const remembering = createTokenVerifier(auth, counted, { now: () => clock });
    const token = await new SignJWT({ sub: 'user-9', iss: auth.issuer, aud: auth.audience })
      .setProtectedHeader({ alg: 'ES256', kid: 'k2' })
      .setIssuedAt(Math.floor(clock.getTime() / 1000))
      .setExpirationTime(Math.floor(clock.getTime() / 1000) + 300)
      .sign(privateKey);

    await expect(remembering(token)).resolves.toEqual({ sub: 'user-9', email: undefined, token });
    await expect(remembering(token)).resolves.toEqual({ sub: 'user-9', email: undefined, token });
    expect(lookups).toBe(1);

    clock = new Date(clock.getTime() + 301_000);
    await expect(remembering(token)).rejects.toMatchObject({ status: 401 });
    expect(lookups).toBe(2);
  });

  it('keeps the last token with its connection until it expires, and only that exact token', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k4', alg: 'ES256' }] });
    let clock = new Date();
    const remembering = createTokenVerifier(auth, keys, { now: () => clock, maxCached: 1 });
    const seconds = Math.floor(clock.getTime() / 1000);
    const tokenFor = (sub: string) =>
      new SignJWT({ sub, iss: auth.issuer, aud: auth.audience })
        .setProtectedHeader({ alg: 'ES256', kid: 'k4' })
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + 300)
        .sign(privateKey);
    const connection = {};
    const [token, other] = [await tokenFor('user-c'), await tokenFor('user-d')];

    await expect(remembering(token, connection)).resolves.toEqual({ sub: 'user-c', email: undefined, token });
    await expect(remembering(token, connection)).resolves.toEqual({ sub: 'user-c', email: undefined, token });
    // Another token on the same connection is verified on its own, and a forged one is refused there.
    await expect(remembering(other, connection)).resolves.toMatchObject({ sub: 'user-d' });
    // One character of the signature changed (not the last, whose low bits base64url may ignore).
    const forged = `${token.slice(0, -6)}${token.at(-6) === 'A' ? 'B' : 'A'}${token.slice(-5)}`;
    await expect(remembering(forged, connection)).rejects.toMatchObject({ status: 401 });

    clock = new Date(clock.getTime() + 301_000);
    await expect(remembering(other, connection)).rejects.toMatchObject({ status: 401 });
  });

  it('never remembers a failure, and forgets the oldest beyond its bound', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k3', alg: 'ES256' }] });
    let lookups = 0;
    const counted: JWTVerifyGetKey = (header, token) => {
      lookups += 1;
      return keys(header, token);
    };
    const remembering = createTokenVerifier(auth, counted, { maxCached: 1 });
    const tokenFor = (sub: string, aud = auth.audience) =>
      new SignJWT({ sub, iss: auth.issuer, aud })
        .setProtectedHeader({ alg: 'ES256', kid: 'k3' })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
    const wrongAudience = await tokenFor('user-x', 'https://elsewhere.test/api');
    await expect(remembering(wrongAudience)).rejects.toMatchObject({ status: 401 });
    await expect(remembering(wrongAudience)).rejects.toMatchObject({ status: 401 });
    expect(lookups).toBe(2);

    const [first, second] = [await tokenFor('user-1'), await tokenFor('user-2')];
    await remembering(first);
    await remembering(second); // the bound is 1: the first is forgotten
    await remembering(second);
    await remembering(first);
    expect(lookups).toBe(2 + 3);
  });
});
