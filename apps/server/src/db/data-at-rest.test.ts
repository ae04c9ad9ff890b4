import { cpSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Config } from '../config.ts';
import { type IdentitySecrets, loadIdentitySecrets } from '../identity/identity-secrets.ts';
import { loadMasterKey } from '../lib/master-key.ts';
import { createSecretBox, SecretBoxError } from '../lib/secret-box.ts';
import { refresh, signIn, signUp } from '../testing/sign-in.ts';
import { bearer, buildTestApp } from '../testing/test-app.ts';
import { testConfig } from '../testing/test-config.ts';
import { openDatabase, openPglite } from './client.ts';
import { prepareDataDir, restrictNewFiles } from './data-dir-permissions.ts';
import { identitySecrets } from './schema.ts';

/**
 * The embedded database on disk, the way `npm start` runs it: a persistent PGlite DATA_DIR and the generated key
 * file, started from a careless umask (0). Whatever the app writes there must be owner-only, and the identity
 * provider's private keys must not be readable from the files.
 */

let root: string;
let dataDir: string;
let config: Config;
let umask: number;
let secrets: IdentitySecrets;
const silent = { info: () => undefined, warn: () => undefined };

/** What main.ts does before serving, then some sign-in traffic, then a clean stop. */
const runServerOnce = async (email: string, firstRun: boolean) => {
  restrictNewFiles();
  prepareDataDir(config, silent);
  const database = await openDatabase(config);
  await database.migrate();
  const t = await buildTestApp({ config, database });
  const { app } = t;
  try {
    const tokens = firstRun ? await signUp(app, { email }) : await signIn(app, { email });
    const renewed = await refresh(app, tokens.refreshToken);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v1/authorize',
      headers: bearer(renewed.accessToken),
      payload: { token: renewed.accessToken },
    });
    expect(answer.statusCode).toBe(200);
    const box = createSecretBox(loadMasterKey({ ...config, log: silent }));
    return await loadIdentitySecrets(database.db, box);
  } finally {
    await t.close();
    await database.close();
  }
};

/** Every file and folder under `path`, without following links. */
const walk = (path: string): string[] => [
  path,
  ...readdirSync(path, { recursive: true, encoding: 'utf8' }).map((entry) => join(path, entry)),
];

beforeAll(async () => {
  umask = process.umask(0);
  root = mkdtempSync(join(tmpdir(), 'cdca-at-rest-'));
  dataDir = join(root, 'data');
  // Embedded everything: no DATABASE_URL and no MASTER_KEY, so the database and the key file live in DATA_DIR.
  config = { ...testConfig({ DATA_DIR: dataDir }), databaseUrl: undefined, masterKey: undefined };
  await runServerOnce('at.rest@example.test', true);
  // A second start opens the existing cluster: nothing it does may loosen what the first one wrote.
  secrets = await runServerOnce('at.rest@example.test', false);
}, 300_000);

afterAll(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

describe('DATA_DIR at rest', () => {
  test('no file or folder under DATA_DIR is open to group or other', () => {
    const entries = walk(dataDir);
    expect(entries.length).toBeGreaterThan(100);
    const open = entries
      .map((path) => ({ path, mode: lstatSync(path).mode }))
      .filter(({ mode }) => (mode & 0o077) !== 0)
      .map(({ path, mode }) => `${(mode & 0o777).toString(8)} ${path}`);
    expect(open).toEqual([]);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
  });

  test('no file holds the private signing key or the cookie key, as text or as raw bytes', () => {
    const [signingKey] = secrets.signingKeys;
    const [cookieKey] = secrets.cookieKeys;
    if (!signingKey?.d || !signingKey.p || !cookieKey) throw new Error('expected the provider’s keys');
    const needles = {
      d: Buffer.from(signingKey.d),
      'd bytes': Buffer.from(signingKey.d, 'base64url'),
      'p bytes': Buffer.from(signingKey.p, 'base64url'),
      'cookie key': Buffer.from(cookieKey),
    };
    const files = walk(dataDir).filter((path) => lstatSync(path).isFile());
    const found = files.flatMap((path) => {
      const bytes = readFileSync(path);
      return Object.entries(needles)
        .filter(([, needle]) => bytes.includes(needle))
        .map(([name]) => `${name} in ${path}`);
    });
    expect(files.length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });

  test('a copy of the database without the master key cannot produce the keys', async () => {
    const copy = join(root, 'stolen-pg');
    cpSync(join(dataDir, 'pg'), copy, { recursive: true });
    const stolen = await openPglite(copy);
    try {
      const rows = await stolen.db.select().from(identitySecrets);
      expect(rows.map((row) => row.name).sort()).toEqual(['cookie-keys', 'signing-keys']);
      for (const row of rows) expect(Object.keys(row.value as object)).toEqual(['sealed']);
      const guessedKey = createSecretBox(Buffer.alloc(32));
      await expect(loadIdentitySecrets(stolen.db, guessedKey)).rejects.toBeInstanceOf(SecretBoxError);
    } finally {
      await stolen.close();
    }
  });
});
