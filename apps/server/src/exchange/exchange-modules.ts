import type { FastifyPluginAsync } from 'fastify';
import type { TokenVerifier } from '../auth/verify-token.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AccountsService } from '../modules/accounts/accounts.service.ts';
import { createCoinsRepository } from '../modules/coins/coins.repository.ts';
import { coinsRoutes } from '../modules/coins/coins.routes.ts';
import { createCoinsService } from '../modules/coins/coins.service.ts';
import { createMarketSync } from '../modules/coins/market-sync.ts';
import { exchangeKeysRoutes } from '../modules/exchange-keys/exchange-keys.routes.ts';
import type { ExchangeKeysService } from '../modules/exchange-keys/exchange-keys.service.ts';
import { paperControlsRoutes } from '../modules/paper-controls/paper-controls.routes.ts';
import type { PaperMarketControls } from '../modules/paper-controls/paper-market-controls.ts';
import { watchlistRoutes } from '../modules/watchlist/watchlist.routes.ts';
import { createWatchlistService } from '../modules/watchlist/watchlist.service.ts';
import { createAuthenticate } from '../plugins/authenticate.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { ExchangeBundle } from './create-exchange.ts';

export type ExchangeModulesOptions = {
  config: Config;
  db: Db;
  bus: EventBus;
  accounts: AccountsService;
  verifyToken: TokenVerifier;
  exchange: ExchangeBundle;
  exchangeKeys: ExchangeKeysService;
};

/**
 * Everything that talks to the exchange: keys onboarding, coins and market data, watchlist, paper controls.
 * Register under /api/v1; every route in here needs a signed-in caller.
 */
export const exchangeModules: FastifyPluginAsync<ExchangeModulesOptions> = async (app, options) => {
  const { config, db, bus, accounts, verifyToken, exchangeKeys } = options;
  const { exchange, paper } = options.exchange;
  const coinsRepository = createCoinsRepository(db);
  const marketSync = createMarketSync({
    repository: coinsRepository,
    bus,
    exchange,
    log: app.log,
    intervalMs: config.exchange.coinSyncSeconds * 1000,
  });
  app.addHook('onReady', marketSync.start);
  app.addHook('preClose', marketSync.stop);

  const coins = createCoinsService({ repository: coinsRepository, exchange });
  const watchlist = createWatchlistService({ db, bus, accounts, coins: coinsRepository });
  // Paper only when the configuration chose it (in production that choice is explicit, and said out loud); the
  // market levers never run in production (docs/decisions/production-is-explicit.md).
  const paperEnabled = config.exchange.kind === 'paper';
  const production = config.appEnv === 'production';
  if (paperEnabled && production) {
    app.log.warn('EXCHANGE=paper in production: every trade is simulated on the paper market');
  }
  const paperControls: PaperMarketControls | undefined = paperEnabled && !production ? paper : undefined;

  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', createAuthenticate(verifyToken));
    await signedIn.register(exchangeKeysRoutes, { exchangeKeys, paperEnabled });
    await signedIn.register(coinsRoutes, { coins });
    await signedIn.register(watchlistRoutes, { watchlist });
    await signedIn.register(paperControlsRoutes, { accounts, exchange, paper: paperControls, marketSync });
  });
};
