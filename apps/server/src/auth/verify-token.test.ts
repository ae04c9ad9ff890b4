import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
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
