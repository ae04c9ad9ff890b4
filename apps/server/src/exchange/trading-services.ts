import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { crashHooks } from '../engine/crash-hooks.ts';
import { createEngine } from '../engine/create-engine.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import type { AccountsService } from '../modules/accounts/accounts.service.ts';
import { createExchangeKeysService } from '../modules/exchange-keys/exchange-keys.service.ts';
import { createNotificationsService } from '../modules/notifications/notifications.service.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { createExchange, type ExchangeBundle } from './create-exchange.ts';

type Deps = {
  config: Config;
  db: Db;
  bus: EventBus;
  accounts: AccountsService;
  exchange?: ExchangeBundle;
  /** Sealed with the process's one master key (app.ts loads it once for every secret). */
  secretBox: SecretBox;
};

/**
 * The services every trading module shares, built once per process: one exchange connection (one paper venue),
 * one keys service, and the engine worker when this process runs it. Their lifecycle follows the
 * app's: the engine starts when the app is ready and stops (releasing its leases) before the app closes.
 */
export const createTradingServices = async (
  app: FastifyInstance,
  { config, db, bus, accounts, exchange, secretBox }: Deps,
) => {
  const bundle = exchange ?? (await createExchange({ config, db, log: app.log }));
  if (!exchange) app.addHook('onClose', () => bundle.exchange.close());

  const exchangeKeys = createExchangeKeysService({
    db,
    accounts,
    exchange: bundle.exchange,
    secretBox,
    paper: bundle.paper,
  });
  const notifications = createNotificationsService({ db, bus });

  if (config.engineEnabled) {
    const engine = createEngine({
      db,
      bus,
      exchange: bundle.exchange,
      keys: exchangeKeys,
      notifications,
      workerId: `${hostname()}:${process.pid}`,
      leaseMs: config.engineLeaseMs,
      hooks: crashHooks(config.engineCrashAt),
      log: app.log,
    });
    app.addHook('onReady', engine.start);
    app.addHook('preClose', engine.stop);
  }
  return { exchange: bundle, exchangeKeys, notifications };
};
