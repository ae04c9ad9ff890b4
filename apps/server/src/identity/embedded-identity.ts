import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createProvider } from './create-provider.ts';
import { purgeExpiredOidcPayloads } from './drizzle-adapter.ts';
import { loadIdentitySecrets, publicJwks } from './identity-secrets.ts';
import { registerInteractionRoutes } from './interaction-routes.ts';

const PURGE_EVERY_MS = 60 * 60 * 1000;

type Options = { database: Database; config: Config };

/**
 * The built-in OpenID provider at /oidc with its sign-in/sign-up pages at /interaction/:uid. Returns the key set the
 * API verifies access tokens with, read straight from the database instead of fetched over HTTP from ourselves.
 */
export const registerEmbeddedIdentity = async (
  app: FastifyInstance,
  { database, config }: Options,
): Promise<{ getKey: JWTVerifyGetKey }> => {
  const { db } = database;
  const secrets = await loadIdentitySecrets(db);
  const provider = createProvider({ config, db, secrets });

  // middie runs the provider in onRequest, before Fastify parses bodies, so it reads its own form posts.
  await app.register(middie);
  app.use('/oidc', provider.callback());
  registerInteractionRoutes(app, { provider, db, config });

  const purge = () =>
    purgeExpiredOidcPayloads(db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'oidc payload purge failed'),
    );
  const timer = setInterval(purge, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  return { getKey: createLocalJWKSet(publicJwks(secrets.signingKeys)) };
};
