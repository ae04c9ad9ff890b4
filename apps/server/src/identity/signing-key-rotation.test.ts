import type { FastifyInstance } from 'fastify';
import { decodeProtectedHeader, type JWTVerifyGetKey } from 'jose';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createTokenVerifier } from '../auth/verify-token.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { refresh, signIn, signUp } from '../testing/sign-in.ts';
import { testConfig } from '../testing/test-config.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { loadIdentitySecrets, rotateSigningKey, SIGNING_KEY_GRACE_MS } from './identity-secrets.ts';
import { buildIdentityTestApp } from './testing/identity.fixture.ts';

/**
 * `npm run admin -- rotate-signing-key` between two starts of the provider on one database: nobody is signed out,
 * new tokens carry the new key id, and the old key leaves the key set once its tokens have expired.
 */

const config: Config = testConfig();
const box = createSecretBox(Buffer.from(config.masterKey ?? '', 'base64'));
let database: Database;
const running: FastifyInstance[] = [];

const start = async () => {
  const started = await buildIdentityTestApp(config, database);
  running.push(started.app);
  return started;
};

beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const app of running.splice(0)) await app.close();
  await database.close();
});

const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const publishedKids = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'GET', url: '/oidc/jwks' });
  return response.json<{ keys: { kid: string }[] }>().keys.map((key) => key.kid);
};
const verifierOf = (getKey: JWTVerifyGetKey) => createTokenVerifier(config.auth, getKey);

test('tokens from before a signing-key rotation keep working; new ones use the new key', async () => {
  const before = await start();
  const email = 'rotation@example.test';
  const old = await signUp(before.app, { email });
  const oldKid = kidOf(old.accessToken);
  await before.app.close();

  const rotation = await rotateSigningKey(database.db, box);
  expect(rotation.retiringKids).toEqual([oldKid]);

  const after = await start();
  // Issued before the rotation, still accepted by the API and still renewable: nobody was signed out.
  await expect(verifierOf(after.getKey)(old.accessToken)).resolves.toMatchObject({ sub: old.sub });
  const renewed = await refresh(after.app, old.refreshToken);
  expect(kidOf(renewed.accessToken)).toBe(rotation.signingKid);
  expect(kidOf(renewed.idToken)).toBe(rotation.signingKid);
  const fresh = await signIn(after.app, { email });
  expect(kidOf(fresh.accessToken)).toBe(rotation.signingKid);
  await expect(verifierOf(after.getKey)(fresh.accessToken)).resolves.toMatchObject({ sub: old.sub });
  expect(await publishedKids(after.app)).toEqual([rotation.signingKid, oldKid]);
});

test('the old key is retired once the longest lifetime of the tokens it signed has passed', async () => {
  const rotatedAt = new Date();
  await loadIdentitySecrets(database.db, box, rotatedAt);
  const rotation = await rotateSigningKey(database.db, box, rotatedAt);

  // A start within the grace keeps it; a start after it removes it (the clock is passed in, not waited for).
  await loadIdentitySecrets(database.db, box, new Date(rotatedAt.getTime() + SIGNING_KEY_GRACE_MS - 1000));
  expect(await publishedKids((await start()).app)).toEqual([rotation.signingKid, ...rotation.retiringKids]);
  await loadIdentitySecrets(database.db, box, new Date(rotatedAt.getTime() + SIGNING_KEY_GRACE_MS));
  expect(await publishedKids((await start()).app)).toEqual([rotation.signingKid]);
});

test('a process started before a rotation accepts tokens signed by one started after it', async () => {
  const earlier = await start();
  const rotation = await rotateSigningKey(database.db, box);
  const later = await start();
  const tokens = await signUp(later.app, { email: 'two-processes@example.test' });
  expect(kidOf(tokens.accessToken)).toBe(rotation.signingKid);
  await expect(verifierOf(earlier.getKey)(tokens.accessToken)).resolves.toMatchObject({ sub: tokens.sub });
});
