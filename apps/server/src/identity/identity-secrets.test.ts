import { compactVerify, importJWK, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { type Database, openPostgres } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { loadIdentitySecrets, publicJwks } from './identity-secrets.ts';

let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

describe('loadIdentitySecrets', () => {
  test('creates an RS256 signing key and a cookie key once, then reads the same ones back', async () => {
    const first = await loadIdentitySecrets(database.db);
    const again = await loadIdentitySecrets(database.db);
    expect(again).toEqual(first);
    expect(first.signingKeys[0]).toMatchObject({
      kty: 'RSA',
      alg: 'RS256',
      use: 'sig',
      kid: expect.any(String),
    });
    expect(first.cookieKeys[0]?.length).toBeGreaterThanOrEqual(43);
  });

  test('two processes starting at once end up with the same keys', async () => {
    // On PostgreSQL each "process" gets its own connection pool; on PGlite they share the one handle.
    const other = database.url ? await openPostgres(database.url) : database;
    try {
      const results = await Promise.all([
        loadIdentitySecrets(database.db),
        loadIdentitySecrets(other.db),
        loadIdentitySecrets(database.db),
        loadIdentitySecrets(other.db),
      ]);
      for (const result of results) expect(result).toEqual(results[0]);
    } finally {
      if (other !== database) await other.close();
    }
  });

  test('the public key set verifies what the private key signs, and carries no private members', async () => {
    const { signingKeys } = await loadIdentitySecrets(database.db);
    const [privateJwk] = signingKeys;
    if (!privateJwk) throw new Error('no key');
    const [publicJwk] = publicJwks(signingKeys).keys;
    expect(publicJwk).not.toHaveProperty('d');
    expect(publicJwk).not.toHaveProperty('p');
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .sign(await importJWK(privateJwk, 'RS256'));
    if (!publicJwk) throw new Error('no public key');
    await expect(compactVerify(token, await importJWK(publicJwk, 'RS256'))).resolves.toBeDefined();
  });
});
