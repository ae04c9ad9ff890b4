import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JWTVerifyGetKey } from 'jose';
import type { DestinationStream } from 'pino';
import { createTokenVerifier, remoteKeySet } from './auth/verify-token.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { ExchangeBundle } from './exchange/create-exchange.ts';
import { exchangeModules } from './exchange/exchange-modules.ts';
import { createTradingServices } from './exchange/trading-services.ts';
import { registerEmbeddedIdentity } from './identity/embedded-identity.ts';
import { loggerOptions } from './lib/logger.ts';
import { loadMasterKey } from './lib/master-key.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { enforceAccountAccess } from './modules/accounts/enforce-account-access.ts';
import { coinIconsRoutes } from './modules/coins/coin-icons.routes.ts';
import { epicsModule } from './modules/epics/epics.module.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import type { Clock } from './modules/payments/billing-clock.ts';
import { paymentsModule } from './modules/payments/payments.module.ts';
import { assignSignupDiscount } from './modules/payments/signup-discount.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { createSupportService } from './modules/support/support.service.ts';
import { createAuthenticate } from './plugins/authenticate.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerHostileInputChecks } from './plugins/hostile-input.ts';
import { registerApiRateLimit } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';
import type { EventBus } from './realtime/event-bus.ts';
import { realtimeRoutes } from './realtime/realtime.routes.ts';
import { selectRealtimeProtocol } from './realtime/realtime-protocol.ts';
import { closeWebsocketsGoingAway } from './realtime/websocket-shutdown.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  bus: EventBus;
  /** Tests pass their own; otherwise the exchange the configuration names is built and closed with the app. */
  exchange?: ExchangeBundle;
  /** Tests pass a clock they control for billing; otherwise the wall clock. */
  billingClock?: Clock;
  /** Tests pass a clock they move past sign-in locks and rate-limit windows; otherwise the wall clock. */
  rateLimitClock?: Clock;
  /** Tests capture the log lines here; otherwise they go to standard output. */
  logDestination?: DestinationStream;
};

/** The composition root: infrastructure first, then each module with its dependencies passed explicitly. */
export const buildApp = async ({
  config,
  database,
  bus,
  exchange,
  billingClock,
  logDestination,
  rateLimitClock,
}: AppDeps): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: loggerOptions(config, logDestination),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First of all hooks: the identity provider answers from its own onRequest hook and must carry them too.
  await registerSecurityHeaders(app, config);
  registerHostileInputChecks(app);
  // Before any route plugin: child plugins copy the hooks that exist when they are created.
  enforceAccountAccess(app, { db: database.db });
  await app.register(formbody);
  await app.register(websocket, {
    // The server picks cdca.v1 explicitly: echoing the first offered protocol could echo the token back.
    options: { maxPayload: 64 * 1024, handleProtocols: selectRealtimeProtocol },
    preClose: closeWebsocketsGoingAway,
  });

  // One master key per process seals every secret kept in the database: exchange keys and the provider's keys.
  const secretBox = createSecretBox(
    loadMasterKey({ masterKey: config.masterKey, dataDir: config.dataDir, log: app.log }),
  );
  let getKey: JWTVerifyGetKey;
  if (config.auth.provider === 'embedded') {
    ({ getKey } = await registerEmbeddedIdentity(app, { database, config, secretBox, rateLimitClock }));
  } else {
    getKey = remoteKeySet(config.auth);
  }
  const verifyToken = createTokenVerifier(config.auth, getKey);
  // Before the API's plugins, so each of them inherits the hook.
  registerApiRateLimit(app, { db: database.db, config, verifyToken, clock: rateLimitClock });
  const accounts = createAccountsService({
    db: database.db,
    bus,
    config,
    onAccountCreated: assignSignupDiscount({ db: database.db, config }),
  });
  const trading = await createTradingServices(app, {
    config,
    db: database.db,
    bus,
    accounts,
    exchange,
    secretBox,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(realtimeRoutes, { bus, verifyToken, accounts });
      // The public contact form: anyone may write; a valid bearer token attaches the caller's account.
      await api.register(supportRoutes, {
        support: createSupportService({ db: database.db, accounts }),
        verifyToken,
      });
      // Keys, coins, watchlist, paper controls, epics and notifications: each authenticates the caller itself.
      const shared = { db: database.db, bus, accounts, verifyToken, exchange: trading.exchange };
      await api.register(exchangeModules, { ...shared, config, exchangeKeys: trading.exchangeKeys });
      await api.register(epicsModule, {
        ...shared,
        exchangeKeys: trading.exchangeKeys,
        notifications: trading.notifications,
      });
      await api.register(async (signedIn) => {
        signedIn.addHook('onRequest', createAuthenticate(verifyToken));
        await signedIn.register(accountsRoutes, { accounts });
        await signedIn.register(settingsRoutes, { accounts, db: database.db });
        await signedIn.register(onboardingRoutes, { accounts });
      });
    },
    { prefix: '/api/v1' },
  );
  await app.register(paymentsModule, {
    config,
    db: database.db,
    bus,
    accounts,
    verifyToken,
    clock: billingClock,
  });
  await app.register(coinIconsRoutes);
  await registerSpa(app, config);
  return app;
};
