import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { type IdentitySecrets, loadIdentitySecrets } from '../identity/identity-secrets.ts';
import { loadMasterKey, MASTER_KEY_FILE } from '../lib/master-key.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { testConfig } from '../testing/test-config.ts';
import { retireSigningKeysCommand, rotateMasterKeyCommand, rotateSigningKeyCommand } from './key-commands.ts';

/**
 * The admin commands on the embedded default: PGlite in DATA_DIR and the generated key file, as `npm run admin`
 * runs them with the server stopped.
 */

let root: string;
let config: Config;
const printed: string[] = [];
const print = { info: (line: string) => printed.push(line), warn: (line: string) => printed.push(line) };
const keyFile = () => join(config.dataDir, MASTER_KEY_FILE);

/** What a start of the server would load, with the key file as it is now. */
const secretsNow = async (now?: Date): Promise<IdentitySecrets> => {
  const database = await openDatabase(config);
  try {
    const box = createSecretBox(loadMasterKey({ ...config, log: print }));
    return await loadIdentitySecrets(database.db, box, now);
  } finally {
    await database.close();
  }
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cdca-admin-keys-'));
  config = { ...testConfig({ DATA_DIR: root }), databaseUrl: undefined, masterKey: undefined };
  const database = await openDatabase(config);
  await database.migrate();
  await database.close();
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('rotate-master-key replaces the key file and re-seals the same secrets under it', {
  timeout: 180_000,
}, async () => {
  const before = await secretsNow();
  const oldKey = readFileSync(keyFile(), 'utf8');

  expect(await rotateMasterKeyCommand(config, print, undefined)).toBe(0);
  expect(readFileSync(keyFile(), 'utf8')).not.toBe(oldKey);
  expect(existsSync(`${keyFile()}.next`)).toBe(false);
  expect(printed.join('\n')).toContain('Re-encrypted 0 exchange keys and 2 identity secrets');
  expect(await secretsNow()).toEqual(before);
});

test('rotate-master-key refuses a malformed NEW_MASTER_KEY and touches nothing', async () => {
  const key = readFileSync(keyFile(), 'utf8');
  await expect(rotateMasterKeyCommand(config, print, 'too-short')).rejects.toThrow(
    'NEW_MASTER_KEY must be 32 random bytes, base64-encoded',
  );
  expect(readFileSync(keyFile(), 'utf8')).toBe(key);
});

test('rotate-signing-key, then retire-signing-keys once the grace has passed', {
  timeout: 180_000,
}, async () => {
  const [oldKey] = (await secretsNow()).signingKeys;
  const rotatedAt = new Date();
  printed.length = 0;
  expect(await rotateSigningKeyCommand(config, print, rotatedAt)).toBe(0);
  const during = await secretsNow(rotatedAt);
  expect(during.signingKeys.map((key) => key.kid)).toEqual([expect.any(String), oldKey?.kid]);
  expect(printed.join('\n')).toContain(`Still accepted until`);

  printed.length = 0;
  expect(await retireSigningKeysCommand(config, print, new Date(rotatedAt.getTime() + 60 * 60 * 1000))).toBe(
    0,
  );
  expect(printed).toEqual([`Removed: ${oldKey?.kid}.`]);
  expect((await secretsNow()).signingKeys.map((key) => key.kid)).toEqual([during.signingKeys[0]?.kid]);
});

test('rotate-master-key never overwrites a key file left by an interrupted rotation', async () => {
  const leftOver = `${keyFile()}.next`;
  writeFileSync(leftOver, 'the only copy of a key\n', { mode: 0o600 });
  await expect(rotateMasterKeyCommand(config, print, undefined)).rejects.toThrow(
    'an earlier rotation was interrupted',
  );
  expect(readFileSync(leftOver, 'utf8')).toBe('the only copy of a key\n');
  rmSync(leftOver);
});
