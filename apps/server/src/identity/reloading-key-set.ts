import { createLocalJWKSet, errors, type JWK, type JWTVerifyGetKey } from 'jose';
import { publicJwks } from './identity-secrets.ts';

/** At most one reload per interval, so tokens with made-up key ids cannot turn into a query each. */
const RELOAD_INTERVAL_MS = 30_000;

/**
 * The key set the API verifies with, read from the database at start. A token whose key id it does not know makes it
 * read the keys again (at most once per interval): on PostgreSQL, after `rotate-signing-key`, a process restarted
 * earlier signs with the new key while this one still runs, and its users must not be turned away meanwhile.
 */
export const reloadingKeySet = (
  initial: JWK[],
  reload: () => Promise<JWK[]>,
  now: () => number = Date.now,
): JWTVerifyGetKey => {
  let keySet = createLocalJWKSet(publicJwks(initial));
  let reloadedAt = Number.NEGATIVE_INFINITY;
  return async (header, token) => {
    try {
      return await keySet(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || now() - reloadedAt < RELOAD_INTERVAL_MS)
        throw error;
      reloadedAt = now();
      keySet = createLocalJWKSet(publicJwks(await reload()));
      return keySet(header, token);
    }
  };
};
