import type { Clock } from '@cdca/engine';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { createProvider } from './create-provider.ts';
import { purgeExpiredOidcPayloads } from './drizzle-adapter.ts';
import { loadIdentitySecrets, readSigningKeys } from './identity-secrets.ts';
import { registerInteractionRoutes } from './interaction-routes.ts';
import { cacheProviderAnswers, pinProviderRequestsToPublicUrl } from './public-origin.ts';
import { reloadingKeySet } from './reloading-key-set.ts';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** `secretBox` seals the provider's keys at rest: the same master key the exchange keys use. */
type Options = { database: Database; config: Config; secretBox: SecretBox; rateLimitClock?: Clock };

/**
 * The built-in OpenID provider at /oidc with its sign-in/sign-up pages at /interaction/:uid. Returns the key set the
 * API verifies access tokens with, read straight from the database instead of fetched over HTTP from ourselves.
 */
export const registerEmbeddedIdentity = async (
  app: FastifyInstance,
  { database, config, secretBox, rateLimitClock }: Options,
): Promise<{ getKey: JWTVerifyGetKey }> => {
  const { db } = database;
  const secrets = await loadIdentitySecrets(db, secretBox);
  const provider = createProvider({ config, db, secrets });

  cacheProviderAnswers(provider);
  // Before middie's hook: the provider must only ever see PUBLIC_URL's host and protocol.
  app.addHook('onRequest', pinProviderRequestsToPublicUrl(config));
  // middie runs the provider in onRequest, before Fastify parses bodies, so it reads its own form posts.
  await app.register(middie);
  app.use('/oidc', provider.callback());
  registerInteractionRoutes(app, { provider, db, config, rateLimitClock });

  const purge = () =>
    purgeExpiredOidcPayloads(db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'oidc payload purge failed'),
    );
  const timer = setInterval(purge, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  return { getKey: reloadingKeySet(secrets.signingKeys, () => readSigningKeys(db, secretBox)) };
};
