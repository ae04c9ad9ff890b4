import type { FastifyPluginAsync } from 'fastify';
import type { TokenVerifier } from '../../auth/verify-token.ts';
import type { Db } from '../../db/client.ts';
import type { ExchangeBundle } from '../../exchange/create-exchange.ts';
import { createAuthenticate } from '../../plugins/authenticate.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { createCoinsRepository } from '../coins/coins.repository.ts';
import type { ExchangeKeysService } from '../exchange-keys/exchange-keys.service.ts';
import { notificationsRoutes } from '../notifications/notifications.routes.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { epicsRoutes } from './epics.routes.ts';
import { createEpicsService } from './epics.service.ts';

export type EpicsModuleOptions = {
  db: Db;
  bus: EventBus;
  accounts: AccountsService;
  verifyToken: TokenVerifier;
  /** The SAME exchange the keys module uses (one connection, one paper venue). */
  exchange: ExchangeBundle;
  exchangeKeys: ExchangeKeysService;
  notifications: NotificationsService;
};

/**
 * Epics (SPEC.md §7) and the notifications API. Register under /api/v1; every route needs a signed-in caller.
 * The engine worker runs elsewhere and shares the database, the bus and the notifications service's rules.
 */
export const epicsModule: FastifyPluginAsync<EpicsModuleOptions> = async (app, options) => {
  const { db, bus, accounts, verifyToken, exchangeKeys, notifications } = options;
  const { exchange } = options.exchange;
  const epics = createEpicsService({
    db,
    bus,
    accounts,
    exchange,
    coins: createCoinsRepository(db),
    credentialsFor: exchangeKeys.credentialsFor,
  });

  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', createAuthenticate(verifyToken));
    await signedIn.register(epicsRoutes, { epics });
    await signedIn.register(notificationsRoutes, { accounts, notifications });
  });
};
