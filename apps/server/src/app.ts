import type { Clock } from '@cdca/engine';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JWTVerifyGetKey } from 'jose';
import type { DestinationStream } from 'pino';
import { createTokenVerifier, remoteKeySet, type TokenVerifier } from './auth/verify-token.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { embeddedVacuum } from './db/embedded-vacuum.ts';
import { registerEmbeddedIdentity } from './identity/embedded-identity.ts';
import { loggerOptions } from './lib/logger.ts';
import { loadMasterKey } from './lib/master-key.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { academyRoutes } from './modules/academy/academy.routes.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { enforceAccountAccess } from './modules/accounts/enforce-account-access.ts';
import { rankRoutes } from './modules/accounts/rank.routes.ts';
import { adminConsoleRoutes } from './modules/admin-console/admin-console.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { billingControlsRoutes } from './modules/billing/billing-controls.routes.ts';
import { paymentWebhooksRoutes } from './modules/billing/payment-webhooks.routes.ts';
import { paymentsRoutes } from './modules/billing/payments.routes.ts';
import {
  sandboxDisabledRoutes,
  sandboxPayRoutes,
} from './modules/billing/providers/sandbox/sandbox-pay.routes.ts';
import { createCandleLimits } from './modules/candles/account-limits.ts';
import { candlesRoutes } from './modules/candles/candles.routes.ts';
import { coinIconsRoutes } from './modules/coins/coin-icons.routes.ts';
import { coinsRoutes } from './modules/coins/coins.routes.ts';
import { epicsRoutes } from './modules/epics/epics.routes.ts';
import { exchangeKeysRoutes } from './modules/exchange-keys/exchange-keys.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { paperControlsRoutes } from './modules/paper-controls/paper-controls.routes.ts';
import { partnerClicksRoutes, partnersRoutes } from './modules/partners/partners.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { sharePagesRoutes, sharesRoutes } from './modules/shares/shares.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { supportThreadsRoutes } from './modules/support/support-threads.routes.ts';
import { watchlistRoutes } from './modules/watchlist/watchlist.routes.ts';
import { createAuthenticate } from './plugins/authenticate.ts';
import { drainConnectionsOnClose } from './plugins/drain-connections.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerHostileInputChecks } from './plugins/hostile-input.ts';
import { registerApiRateLimit } from './plugins/rate-limit.ts';
import { cheapRequestLoggers } from './plugins/request-logger.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';
import type { EventBus } from './realtime/event-bus.ts';
import { realtimeRoutes } from './realtime/realtime.routes.ts';
import { selectRealtimeProtocol } from './realtime/realtime-protocol.ts';
import { closeWebsocketsGoingAway } from './realtime/websocket-shutdown.ts';
import { createServices, type Services } from './services.ts';
import { createExchange, type ExchangeBundle } from './venue.ts';
import { runWithApp } from './worker.ts';

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

/**
 * The composition root: infrastructure first, then every service built once (services.ts), then each module's
 * routes with only the services they need (docs/decisions/composition-root.md).
 */
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
    // avvio's default of 10 s per plugin failed a start on a machine at load ~25 (@fastify/static reading the
    // built files): a slow start must still start. Bounded, so a plugin that never resolves still fails the start
    // with its name (docs/decisions/runtime.md).
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  cheapRequestLoggers(app);
  registerErrorHandler(app);
  // First of all hooks: the identity provider answers from its own onRequest hook and must carry them too.
  await registerSecurityHeaders(app, config);
  registerHostileInputChecks(app);
  // Before any route plugin: child plugins copy the hooks that exist when they are created.
  await enforceAccountAccess(app, { database });
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
  registerApiRateLimit(app, {
    db: database.db,
    shared: database.kind === 'postgres',
    config,
    verifyToken,
    clock: rateLimitClock,
  });

  const venue = exchange ?? (await createExchange({ config, db: database.db, log: app.log }));
  // The app closes only a venue it opened: a test's venue is the test's to close.
  if (!exchange) app.addHook('onClose', () => venue.exchange.close());
  const services = createServices({
    config,
    db: database.db,
    bus,
    venue,
    secretBox,
    log: app.log,
    billingClock,
  });
  app.addHook('onClose', () => services.mailer.close());
  // Before the requests are drained, not after: a fill under way stops at its next day of candles or in a 429's wait
  // (docs/decisions/shutdown.md).
  app.addHook('preClose', () => services.candles.stop());
  runWithApp(app, services.worker);
  runWithApp(app, services.marketSync);
  runWithApp(app, services.dailyReport);
  runWithApp(app, embeddedVacuum(database, app.log));
  if (services.billing.schedulerRuns) runWithApp(app, services.billing.scheduler);

  await app.register(
    async (api) => registerApi(api, { services, database, bus, verifyToken, config, rateLimitClock }),
    { prefix: '/api/v1' },
  );
  await registerSandboxPages(app, services, config);
  await app.register(coinIconsRoutes);
  // Shared links' public pages and cards at /s/{token}, signed out (docs/decisions/verified-sharing.md).
  await app.register(sharePagesRoutes, { shares: services.shares, publicUrl: config.publicUrl });
  await registerSpa(app, config);
  // Last of the root's preClose hooks: the HTTP connections are drained once the sockets and jobs have stopped
  // (docs/decisions/shutdown.md).
  drainConnectionsOnClose(app);
  return app;
};

type ApiDeps = {
  services: Services;
  database: Database;
  bus: EventBus;
  verifyToken: TokenVerifier;
  config: Config;
  rateLimitClock: Clock | undefined;
};

/** Every /api/v1 route: the public ones, then those that need a signed-in caller. No module mounts another's. */
const registerApi = async (
  api: FastifyInstance,
  { services, database, bus, verifyToken, config, rateLimitClock }: ApiDeps,
) => {
  const { accounts, billing } = services;
  await api.register(healthRoutes, { database });
  await api.register(realtimeRoutes, { bus, verifyToken, accounts });
  // The public contact form: anyone may write; a valid bearer token attaches the caller's account.
  await api.register(supportRoutes, { support: services.support, verifyToken });
  await api.register(paymentWebhooksRoutes, { ctx: billing.ctx });
  // The landing page's referral click beacon: signed out, like the page that sends it.
  await api.register(partnerClicksRoutes, { partners: services.partners });
  await api.register(async (signedIn) => {
    signedIn.addHook('onRequest', createAuthenticate(verifyToken));
    await signedIn.register(accountsRoutes, { accounts });
    await signedIn.register(auditRoutes, { audit: services.audit });
    await signedIn.register(adminConsoleRoutes, { console: services.adminConsole });
    await signedIn.register(settingsRoutes, { accounts, db: database.db });
    await signedIn.register(reportsRoutes, { accounts, db: database.db });
    await signedIn.register(onboardingRoutes, { accounts });
    await signedIn.register(exchangeKeysRoutes, {
      exchangeKeys: services.exchangeKeys,
      paperEnabled: config.exchange.kind === 'paper',
    });
    await signedIn.register(coinsRoutes, { coins: services.coins });
    await signedIn.register(watchlistRoutes, { watchlist: services.watchlist });
    await signedIn.register(academyRoutes, { academy: services.academy });
    await signedIn.register(statsRoutes, { stats: services.stats });
    await signedIn.register(sharesRoutes, { shares: services.shares });
    await signedIn.register(rankRoutes, { accounts, rank: services.rank });
    await signedIn.register(leaderboardRoutes, { accounts, leaderboard: services.leaderboard });
    await signedIn.register(paperControlsRoutes, {
      accounts,
      exchange: services.venue.exchange,
      paper: services.paperControls,
      marketSync: services.marketSync,
    });
    await signedIn.register(epicsRoutes, { epics: services.epics });
    await signedIn.register(candlesRoutes, {
      candles: services.candles,
      runBacktest: services.runBacktest,
      limits: createCandleLimits({
        db: database.db,
        shared: database.kind === 'postgres',
        clock: rateLimitClock,
      }),
    });
    await signedIn.register(notificationsRoutes, { accounts, notifications: services.notifications });
    await signedIn.register(supportThreadsRoutes, { threads: services.supportThreads });
    await signedIn.register(paymentsRoutes, { service: billing.payments });
    await signedIn.register(partnersRoutes, { partners: services.partners });
    await signedIn.register(billingControlsRoutes, {
      accounts,
      clock: billing.production ? undefined : billing.clock,
      scheduler: billing.scheduler,
    });
  });
};

/** The sandbox's hosted charge page at /sandbox-pay/{id}; with a real provider, a page that says so. */
const registerSandboxPages = async (app: FastifyInstance, { billing }: Services, config: Config) => {
  if (!billing.sandbox) {
    await app.register(sandboxDisabledRoutes);
    return;
  }
  await app.register(sandboxPayRoutes, {
    store: billing.sandbox.store,
    sandbox: billing.sandbox.provider,
    clock: billing.clock,
    actionsEnabled: !billing.production,
    publicUrl: config.publicUrl,
  });
};
