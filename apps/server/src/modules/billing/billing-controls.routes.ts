import { ZAdvanceBillingClockBody, ZBillingTickResult } from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { BillingClock } from './billing-clock.ts';
import type { BillingScheduler } from './billing-scheduler.ts';

type Options = {
  accounts: AccountsService;
  /** Undefined in production: every route then answers 404. */
  clock: BillingClock | undefined;
  scheduler: BillingScheduler;
};

/**
 * Owner-only levers for journeys and demos (never in production): move the billing clock forward and run the
 * scheduler at once, so a payment becomes due, past due, or its charge expires in seconds instead of days.
 */
export const billingControlsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { accounts, clock, scheduler },
) => {
  app.post(
    '/billing-controls/advance',
    { schema: { body: ZAdvanceBillingClockBody, response: { 200: ZBillingTickResult } } },
    async (request) => {
      if (!clock)
        throw new AppError(404, 'billing-controls-disabled', 'Billing controls are off in production.');
      const caller = await accounts.requireCaller(authOf(request));
      if (caller.role !== 'owner') throw forbidden('Only owners can move the billing clock.');
      clock.advance(request.body.hours);
      const result = await scheduler.runNow();
      return { ...result, offsetHours: clock.offsetHours() };
    },
  );
};
