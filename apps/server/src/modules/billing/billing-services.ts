import type { Clock } from '@cdca/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { createBillingClock } from './billing-clock.ts';
import type { BillingContext } from './billing-context.ts';
import { createBillingScheduler } from './billing-scheduler.ts';
import { createPaymentsService } from './payments.service.ts';
import { createChargeProvider } from './providers/create-charge-provider.ts';

type Deps = {
  config: Config;
  db: Db;
  bus: EventBus;
  accounts: AccountsService;
  log: FastifyBaseLogger;
  /** Tests pass a clock they control; otherwise the wall clock. */
  clock?: Clock;
  /** See BillingContext.onPaymentsChanged. */
  onPaymentsChanged?: BillingContext['onPaymentsChanged'];
};

/**
 * Billing (issue 6), built once: the charge provider BILLING_PROVIDER names, the clock billing reads, the
 * scheduler and the payments service. `schedulerRuns` says whether the scheduler may run in this process.
 */
export const createBilling = ({ config, db, bus, accounts, log, onPaymentsChanged, ...deps }: Deps) => {
  const clock = createBillingClock(deps.clock);
  const { provider, sandbox } = createChargeProvider(config, db, clock);
  const ctx: BillingContext = { db, bus, config, clock, provider, log, onPaymentsChanged };
  const production = config.appEnv === 'production';
  // A production server left on the sandbox could never be paid, so it must never bill (or cut anyone off).
  const billingOff = production && sandbox !== undefined;
  if (billingOff) {
    log.warn('BILLING_PROVIDER=sandbox in production: billing is off until BILLING_PROVIDER=btcpay is set');
  }
  return {
    ctx,
    clock,
    sandbox,
    production,
    scheduler: createBillingScheduler(ctx, config.billing.tickSeconds * 1000),
    schedulerRuns: config.billing.schedulerEnabled && !billingOff,
    payments: createPaymentsService(ctx, accounts),
  };
};

export type Billing = ReturnType<typeof createBilling>;
