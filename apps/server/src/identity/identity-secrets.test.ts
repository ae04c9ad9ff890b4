import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { compactVerify, importJWK, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { type Database, openPostgres } from '../db/client.ts';
import { identitySecrets } from '../db/schema.ts';
import { createSecretBox, SecretBoxError } from '../lib/secret-box.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import {
  loadIdentitySecrets,
  publicJwks,
  resealIdentitySecrets,
  rotateSigningKey,
  SIGNING_KEY_GRACE_MS,
} from './identity-secrets.ts';

const newBox = () => createSecretBox(randomBytes(32));
const box = newBox();

let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

describe('loadIdentitySecrets', () => {
  test('creates an RS256 signing key and a cookie key once, then reads the same ones back', async () => {
    const first = await loadIdentitySecrets(database.db, box);
    const again = await loadIdentitySecrets(database.db, box);
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
        loadIdentitySecrets(database.db, box),
        loadIdentitySecrets(other.db, box),
        loadIdentitySecrets(database.db, box),
        loadIdentitySecrets(other.db, box),
      ]);
      for (const result of results) expect(result).toEqual(results[0]);
    } finally {
      if (other !== database) await other.close();
    }
  });

  test('the public key set verifies what the private key signs, and carries no private members', async () => {
    const { signingKeys } = await loadIdentitySecrets(database.db, box);
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

const storedRows = async () => {
  const rows = await database.db.select().from(identitySecrets);
  return new Map(rows.map((row) => [row.name, row.value]));
};

describe('identity secrets at rest', () => {
  test('are stored sealed: no private key member or cookie key appears in the rows', async () => {
    const { signingKeys, cookieKeys } = await loadIdentitySecrets(database.db, box);
    const stored = JSON.stringify([...(await storedRows()).values()]);
    expect(signingKeys[0]?.d).toEqual(expect.any(String));
    expect(stored).not.toContain(signingKeys[0]?.d);
    expect(stored).not.toContain(cookieKeys[0]);
    expect(stored).toContain('"sealed":"v1:');
  });

  test('a copy of the database without the master key cannot produce the keys', async () => {
    await loadIdentitySecrets(database.db, box);
    await expect(loadIdentitySecrets(database.db, newBox())).rejects.toBeInstanceOf(SecretBoxError);
  });

  test('clear rows of an earlier version are sealed on first start, keeping the same keys', async () => {
    const clear = await loadIdentitySecrets(database.db, box);
    // What an earlier version stored: the JSON itself.
    await database.db
      .update(identitySecrets)
      .set({ value: { keys: clear.signingKeys } })
      .where(eq(identitySecrets.name, 'signing-keys'));
    await database.db
      .update(identitySecrets)
      .set({ value: { keys: clear.cookieKeys } })
      .where(eq(identitySecrets.name, 'cookie-keys'));

    const migrated = await loadIdentitySecrets(database.db, box);
    expect(migrated).toEqual(clear);
    const stored = JSON.stringify([...(await storedRows()).values()]);
    expect(stored).not.toContain(clear.signingKeys[0]?.d);
    expect(stored).not.toContain(clear.cookieKeys[0]);
    expect(await loadIdentitySecrets(database.db, box)).toEqual(clear);
  });

  test('re-sealing under a new master key keeps the keys and locks the old master key out', async () => {
    const before = await loadIdentitySecrets(database.db, box);
    const next = newBox();
    const count = await database.db.transaction((tx) => resealIdentitySecrets(tx, box, next));
    expect(count).toBe(2);
    expect(await loadIdentitySecrets(database.db, next)).toEqual(before);
    await expect(loadIdentitySecrets(database.db, box)).rejects.toBeInstanceOf(SecretBoxError);
  });
});

describe('rotateSigningKey', () => {
  const start = new Date('2026-01-01T00:00:00Z');
  const later = (ms: number) => new Date(start.getTime() + ms);

  test('puts a new key first and keeps the old one published until its tokens have expired', async () => {
    const before = await loadIdentitySecrets(database.db, box, start);
    const oldKid = before.signingKeys[0]?.kid;
    const rotation = await rotateSigningKey(database.db, box, start);
    expect(rotation).toEqual({ signingKid: expect.any(String), retiringKids: [oldKid], retiredKids: [] });
    expect(rotation.signingKid).not.toBe(oldKid);

    const during = await loadIdentitySecrets(database.db, box, later(SIGNING_KEY_GRACE_MS - 1));
    expect(during.signingKeys.map((key) => key.kid)).toEqual([rotation.signingKid, oldKid]);
    expect(during.cookieKeys).toEqual(before.cookieKeys);

    const after = await loadIdentitySecrets(database.db, box, later(SIGNING_KEY_GRACE_MS));
    expect(after.signingKeys.map((key) => key.kid)).toEqual([rotation.signingKid]);
  });

  test('a later rotation retires keys whose grace has passed', async () => {
    await loadIdentitySecrets(database.db, box, start);
    const first = await rotateSigningKey(database.db, box, start);
    const second = await rotateSigningKey(database.db, box, later(SIGNING_KEY_GRACE_MS));
    expect(second.retiringKids).toEqual([first.signingKid]);
    expect(second.retiredKids).toEqual(first.retiringKids);
  });
});
