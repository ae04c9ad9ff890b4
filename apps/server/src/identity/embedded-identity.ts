import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '@cdca/engine';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type Provider from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { purgeExpiredOidcPayloads } from './drizzle-adapter.ts';
import { type IdentitySecrets, loadIdentitySecrets, readSigningKeys } from './identity-secrets.ts';
import { registerInteractionRoutes } from './interaction-routes.ts';
import { cacheProviderAnswers, pinProviderRequestsToPublicUrl } from './public-origin.ts';
import { reloadingKeySet } from './reloading-key-set.ts';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** `secretBox` seals the provider's keys at rest: the same master key the exchange keys use. */
type Options = { database: Database; config: Config; secretBox: SecretBox; rateLimitClock?: Clock };

/** The provider and its request handler, made on first use. */
export type LoadedProvider = {
  provider: Provider;
  handle: (req: IncomingMessage, res: ServerResponse) => void;
};

/**
 * oidc-provider (with Koa and its other dependencies, ~46 MiB resident once loaded) is imported when the first
 * request needs it — a sign-in, a token refresh, discovery — not at start: most of a server's life needs only the
 * key set, read from the database (docs/decisions/memory.md). One load however many requests ask at once; a load
 * that failed is tried again by the next request.
 */
const lazyProvider = (make: () => Promise<LoadedProvider>) => {
  let loading: Promise<LoadedProvider> | undefined;
  return () => {
    loading ??= make().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
};

const makeProvider = async (config: Config, db: Database['db'], secrets: IdentitySecrets) => {
  const { createProvider } = await import('./create-provider.ts');
  const provider = createProvider({ config, db, secrets });
  cacheProviderAnswers(provider);
  return { provider, handle: provider.callback() };
};

/**
 * The built-in OpenID provider at /oidc with its sign-in/sign-up pages at /interaction/:uid. Returns the key set the
 * API verifies access tokens with, read straight from the database instead of fetched over HTTP from ourselves.
 *
 * Its routes live in a plugin of their own: the hooks below (the public-origin pin, middie's middleware engine) run
 * for them only, not for every request the server answers (docs/decisions/catalogue-in-memory.md, "Third pass").
 */
export const registerEmbeddedIdentity = async (
  app: FastifyInstance,
  { database, config, secretBox, rateLimitClock }: Options,
): Promise<{ getKey: JWTVerifyGetKey }> => {
  const { db } = database;
  const secrets = await loadIdentitySecrets(db, secretBox);
  const loadProvider = lazyProvider(() => makeProvider(config, db, secrets));

  await app.register(async (identity) => {
    // Before middie's hook: the provider must only ever see PUBLIC_URL's host and protocol.
    identity.addHook('onRequest', pinProviderRequestsToPublicUrl(config));
    registerInteractionRoutes(identity, {
      provider: async () => (await loadProvider()).provider,
      db,
      config,
      rateLimitClock,
    });
    await identity.register(async (oidc) => {
      // middie runs the provider in onRequest, before Fastify parses bodies, so it reads its own form posts.
      await oidc.register(middie);
      oidc.use('/oidc', (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
        loadProvider().then(({ handle }) => handle(req, res), next);
      });
      // Routes only so that the hooks of this plugin run for these paths; the provider answers before any handler.
      const unreachable = async () => {
        throw new Error('the identity provider did not answer');
      };
      oidc.all('/oidc', unreachable);
      oidc.all('/oidc/*', unreachable);
    });
  });

  const purge = () =>
    purgeExpiredOidcPayloads(db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'oidc payload purge failed'),
    );
  const timer = setInterval(purge, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  return { getKey: reloadingKeySet(secrets.signingKeys, () => readSigningKeys(db, secretBox)) };
};
