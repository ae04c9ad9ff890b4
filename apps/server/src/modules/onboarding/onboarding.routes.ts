import {
  ZAccount,
  ZCompleteBreakdownStepBody,
  ZCompleteDiscordStepBody,
  ZCompletePaymentStepBody,
  ZCompleteTosStepBody,
} from '@cdca/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';

const response = { 200: ZAccount };

/**
 * One call per onboarding step (docs/product.md §2 order). Each moves the account from exactly one status to the
 * next, so a step can be neither skipped nor repeated. Keys and exchange-account come with the exchange module.
 */
export const onboardingRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (
  app,
  { accounts },
) => {
  app.post('/onboarding/payment', { schema: { body: ZCompletePaymentStepBody, response } }, (request) =>
    accounts.advanceOnboarding(authOf(request), 'pending-payment', 'pending-breakdown'),
  );

  app.post('/onboarding/breakdown', { schema: { body: ZCompleteBreakdownStepBody, response } }, (request) =>
    accounts.advanceOnboarding(authOf(request), 'pending-breakdown', 'pending-keys', {
      skillLevel: request.body.skillLevel,
    }),
  );

  app.post('/onboarding/discord', { schema: { body: ZCompleteDiscordStepBody, response } }, (request) =>
    accounts.advanceOnboarding(authOf(request), 'pending-discord', 'pending-tos'),
  );

  app.post('/onboarding/tos', { schema: { body: ZCompleteTosStepBody, response } }, (request) =>
    accounts.advanceOnboarding(authOf(request), 'pending-tos', 'active', { tosAcceptedAt: new Date() }),
  );
};
