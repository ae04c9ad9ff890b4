import type { FastifyPluginAsync } from 'fastify';
import type { TokenVerifier } from '../../auth/verify-token.ts';
import { createChargeProvider } from '../../billing/create-charge-provider.ts';
import { sandboxDisabledRoutes, sandboxPayRoutes } from '../../billing/sandbox/sandbox-pay.routes.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createAuthenticate } from '../../plugins/authenticate.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { type Clock, createBillingClock } from './billing-clock.ts';
import type { BillingContext } from './billing-context.ts';
import { billingControlsRoutes } from './billing-controls.routes.ts';
import { createBillingScheduler } from './billing-scheduler.ts';
import { paymentWebhooksRoutes } from './payment-webhooks.routes.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createPaymentsService } from './payments.service.ts';

export type PaymentsModuleOptions = {
  config: Config;
  db: Db;
  bus: EventBus;
  accounts: AccountsService;
  verifyToken: TokenVerifier;
  /** Tests pass a clock they control; otherwise the wall clock. */
  clock?: Clock;
};

/**
 * Billing (issue 6): the payments API and webhooks under /api/v1, the sandbox's hosted charge page at
 * /sandbox-pay/{id}, and the scheduler (started with the app unless BILLING_SCHEDULER=off). Register at the root.
 */
export const paymentsModule: FastifyPluginAsync<PaymentsModuleOptions> = async (app, options) => {
  const { config, db, bus, accounts, verifyToken } = options;
  const clock = createBillingClock(options.clock);
  const { provider, sandbox } = createChargeProvider(config, db, clock);
  const ctx: BillingContext = { db, bus, config, clock, provider, log: app.log };
  const scheduler = createBillingScheduler(ctx, config.billing.tickSeconds * 1000);
  const production = config.appEnv === 'production';
  // A production server left on the sandbox could never be paid, so it must never bill (or cut anyone off).
  const billingOff = production && sandbox !== undefined;
  if (billingOff) {
    app.log.warn(
      'BILLING_PROVIDER=sandbox in production: billing is off until BILLING_PROVIDER=btcpay is set',
    );
  }
  if (config.billing.schedulerEnabled && !billingOff) {
    app.addHook('onReady', scheduler.start);
    app.addHook('preClose', scheduler.stop);
  }
  const service = createPaymentsService(ctx, accounts);

  await app.register(
    async (api) => {
      await api.register(paymentWebhooksRoutes, { ctx });
      await api.register(async (signedIn) => {
        signedIn.addHook('onRequest', createAuthenticate(verifyToken));
        await signedIn.register(paymentsRoutes, { service });
        await signedIn.register(billingControlsRoutes, {
          accounts,
          clock: production ? undefined : clock,
          scheduler,
        });
      });
    },
    { prefix: '/api/v1' },
  );
  if (sandbox) {
    await app.register(sandboxPayRoutes, {
      store: sandbox.store,
      sandbox: sandbox.provider,
      clock,
      actionsEnabled: !production,
      publicUrl: config.publicUrl,
    });
  } else {
    await app.register(sandboxDisabledRoutes);
  }
};
