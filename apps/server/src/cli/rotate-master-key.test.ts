import { randomBytes } from 'node:crypto';
import { createMemoryPaperStore, createPaperExchange, type PaperExchange } from '@cdca/exchange/paper';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { loadIdentitySecrets } from '../identity/identity-secrets.ts';
import { createSecretBox, SecretBoxError } from '../lib/secret-box.ts';
import { exchangeKeys } from '../modules/exchange-keys/exchange-keys.schema.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { testConfig } from '../testing/test-config.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { newTrader } from '../testing/traders.ts';
import { rotateMasterKey } from './rotate-master-key.ts';

/** Test configs share one master key per process (testing/test-config.ts); a rotation needs a different one. */
const otherKeyConfig = () => testConfig({ MASTER_KEY: randomBytes(32).toString('base64') });

/** `npm run admin -- rotate-master-key`: every stored secret moves to the new key, or none does. */

let database: Database;
let paper: PaperExchange;
const running: TestApp[] = [];

beforeEach(async () => {
  database = await createTestDatabase();
  // One venue for every start, so a key minted before the rotation is still a key the venue knows after it.
  paper = createPaperExchange({ seed: 3, store: createMemoryPaperStore() });
});
afterEach(async () => {
  for (const t of running.splice(0)) await t.close();
  await paper.close();
  await database.close();
});

const boxOf = (config: Config) => createSecretBox(Buffer.from(config.masterKey ?? '', 'base64'));

/** A start of the server with this configuration on the shared database. */
const start = async (config: Config): Promise<TestApp> => {
  const t = await buildTestApp({ config, database, venue: paper });
  running.push(t);
  return t;
};

/** A trader with a connected paper key, through the API. */
const traderWithKey = async (t: TestApp) => {
  const trader = await newTrader(t, 'rotating@example.test', 'pending-keys');
  const minted = await t.app.inject({
    method: 'POST',
    url: '/api/v1/paper/keys',
    headers: trader.headers,
    payload: { canView: true, canTrade: true, canTransfer: false },
  });
  const submitted = await t.app.inject({
    method: 'POST',
    url: '/api/v1/exchange-keys',
    headers: trader.headers,
    payload: minted.json(),
  });
  expect(submitted.statusCode).toBe(200);
  return trader;
};

/** Reading the exchange account opens the sealed exchange key. */
const exchangeAccount = (t: TestApp, headers: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/api/v1/exchange-account', headers });

test('after a rotation the new key opens every secret and nobody is signed out', async () => {
  const oldConfig = testConfig();
  const newConfig = otherKeyConfig();
  const before = await start(oldConfig);
  const trader = await traderWithKey(before);
  expect((await exchangeAccount(before, trader.headers)).statusCode).toBe(200);
  await before.app.close();

  const counts = await rotateMasterKey(database.db, boxOf(oldConfig), boxOf(newConfig));
  expect(counts).toEqual({ exchangeKeys: 1, identitySecrets: 2 });

  const after = await start(newConfig);
  // The access token from before still verifies (same signing key, re-sealed) and the exchange key still opens.
  const answer = await exchangeAccount(after, trader.headers);
  expect(answer.statusCode).toBe(200);
  // The old master key opens nothing any more: a server started with it cannot even load its signing keys.
  await expect(loadIdentitySecrets(database.db, boxOf(oldConfig))).rejects.toBeInstanceOf(SecretBoxError);
});

test('a secret the old key cannot open aborts the rotation and changes nothing', async () => {
  const oldConfig = testConfig();
  const before = await start(oldConfig);
  await traderWithKey(before);
  const secrets = await loadIdentitySecrets(database.db, boxOf(oldConfig));
  // A row sealed under some other key, e.g. left from a lost key file.
  await database.db
    .update(exchangeKeys)
    .set({ sealedCredentials: boxOf(otherKeyConfig()).seal('{}', 'elsewhere') });

  await expect(
    rotateMasterKey(database.db, boxOf(oldConfig), boxOf(otherKeyConfig())),
  ).rejects.toBeInstanceOf(SecretBoxError);
  expect(await loadIdentitySecrets(database.db, boxOf(oldConfig))).toEqual(secrets);
});
