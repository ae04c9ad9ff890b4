import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import {
  retireExpiredSigningKeys,
  rotateSigningKey,
  SIGNING_KEY_GRACE_MS,
} from '../identity/identity-secrets.ts';
import { loadMasterKey, parseMasterKey, stageMasterKeyFile } from '../lib/master-key.ts';
import { createSecretBox, SecretBoxError } from '../lib/secret-box.ts';
import { rotateMasterKey } from './rotate-master-key.ts';

type Print = { info: (message: string) => void; warn: (message: string) => void };

const WRONG_KEY =
  'The stored secrets do not open with this master key (MASTER_KEY, or DATA_DIR/master.key when unset). ' +
  'Run this with the master key the server uses.';

/** Opens the database with the server's own master key; a wrong key becomes one clear line instead of a stack. */
const withSecrets = async <T>(
  config: Config,
  print: Print,
  work: (db: Awaited<ReturnType<typeof openDatabase>>, key: Buffer) => Promise<T>,
): Promise<T> => {
  const key = loadMasterKey({ masterKey: config.masterKey, dataDir: config.dataDir, log: print });
  const database = await openDatabase(config);
  try {
    await database.migrate();
    return await work(database, key);
  } catch (error) {
    if (error instanceof SecretBoxError) throw new Error(WRONG_KEY);
    throw error;
  } finally {
    await database.close();
  }
};

/** `rotate-signing-key`: a new key signs; the previous one stays published until its tokens have expired. */
export const rotateSigningKeyCommand = (config: Config, print: Print, now = new Date()) =>
  withSecrets(config, print, async ({ db }, key) => {
    const rotation = await rotateSigningKey(db, createSecretBox(key), now);
    const until = new Date(now.getTime() + SIGNING_KEY_GRACE_MS).toISOString();
    print.info(`New signing key ${rotation.signingKid}: the server signs with it from its next start.`);
    if (rotation.retiringKids.length > 0) {
      print.info(
        `Still accepted until ${until} (tokens they signed expire by then): ${rotation.retiringKids.join(', ')}. ` +
          'A start of the server or `npm run admin -- retire-signing-keys` after that removes them.',
      );
    }
    if (rotation.retiredKids.length > 0)
      print.info(`Removed expired keys: ${rotation.retiredKids.join(', ')}.`);
    return 0;
  });

/** `retire-signing-keys`: removes the retired signing keys whose tokens have all expired. */
export const retireSigningKeysCommand = (config: Config, print: Print, now = new Date()) =>
  withSecrets(config, print, async ({ db }, key) => {
    const { retiredKids, retiringKids } = await retireExpiredSigningKeys(db, createSecretBox(key), now);
    print.info(retiredKids.length > 0 ? `Removed: ${retiredKids.join(', ')}.` : 'No signing key to remove.');
    if (retiringKids.length > 0) print.info(`Still within their grace: ${retiringKids.join(', ')}.`);
    return 0;
  });

/**
 * `rotate-master-key [new-key]`: re-seals every secret under a new master key, given as NEW_MASTER_KEY (preferred:
 * an argument shows in the process list) or the argument. With the key file (MASTER_KEY unset) a new key may be
 * generated, and the file is replaced once the database holds only secrets sealed with it.
 */
export const rotateMasterKeyCommand = async (
  config: Config,
  print: Print,
  given: string | undefined,
): Promise<number> => {
  if (config.masterKey && !given) {
    print.warn(
      'MASTER_KEY is set: give the new key as NEW_MASTER_KEY (openssl rand -base64 32), then set MASTER_KEY to it.',
    );
    return 2;
  }
  const next = given ? parseMasterKey(given, 'NEW_MASTER_KEY') : randomBytes(32);
  return withSecrets(config, print, async ({ db }, current) => {
    if (current.equals(next)) throw new Error('The new master key is the current one.');
    const staged = config.masterKey ? undefined : stageMasterKeyFile(config.dataDir, next);
    let counts: Awaited<ReturnType<typeof rotateMasterKey>>;
    try {
      counts = await rotateMasterKey(db, createSecretBox(current), createSecretBox(next));
    } catch (error) {
      staged?.abandon();
      throw error;
    }
    staged?.commit();
    print.info(
      `Re-encrypted ${counts.exchangeKeys} exchange keys and ${counts.identitySecrets} identity secrets ` +
        'under the new master key.',
    );
    print.info(
      staged
        ? `${staged.path} now holds the new key: back it up, the old one opens nothing any more.`
        : 'Set MASTER_KEY to the new key in every server process before starting them again.',
    );
    return 0;
  });
};
