import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { JWTVerifyGetKey } from 'jose';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { registerErrorHandler } from '../../plugins/error-handler.ts';
import { registerEmbeddedIdentity } from '../embedded-identity.ts';

/**
 * Just the infrastructure app.ts puts in front of the identity provider, so these tests do not depend on every other
 * module of the server. The one app builder besides buildTestApp (testing/test-app.ts): these tests need the
 * provider's key set, which the whole app keeps inside (docs/decisions/one-test-world.md).
 */
export const buildIdentityTestApp = async (
  config: Config,
  database: Database,
): Promise<{ app: FastifyInstance; getKey: JWTVerifyGetKey }> => {
  const app = Fastify({ logger: false, trustProxy: true });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(formbody);
  const { getKey } = await registerEmbeddedIdentity(app, {
    database,
    config,
    secretBox: createSecretBox(Buffer.from(config.masterKey ?? '', 'base64')),
  });
  await app.ready();
  return { app, getKey };
};
