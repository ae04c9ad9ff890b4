import { z } from 'zod';

/** Every API error answers with this body and a fitting HTTP status (docs/decisions/api-conventions.md). */
export const ZApiError = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** Error codes the API answers with; the README documents each one. */
export const ERROR_CODES = [
  'bad-request',
  'invalid-json',
  'validation-failed',
  'invalid-text',
  'unauthorized',
  'forbidden',
  'not-found',
  'route-not-found',
  'conflict',
  'onboarding-step-out-of-order',
  'email-not-allowed-in-staging',
  'account-not-found',
  'rate-limited',
  'payload-too-large',
  'service-unavailable',
  'data-dir-in-use',
  'internal-error',
  'api-key-invalid',
  'api-key-can-transfer',
  'api-key-cannot-view',
  'api-key-cannot-trade',
  'exchange-unavailable',
  'exchange-key-not-found',
  'exchange-key-required',
  'epics-running',
  'paper-exchange-disabled',
  'product-not-found',
  'coin-not-found',
  'watchlist-item-not-found',
  'account-not-active',
  'account-deactivated',
  'account-deleted',
  'insufficient-funds',
  'epic-plan-invalid',
  'epic-not-found',
  'epic-transition-refused',
  'payment-not-found',
  'payment-not-open',
  'nothing-due',
  'plan-already-cancelled',
  'plan-not-cancelled',
  'webhook-signature-invalid',
  'billing-provider-unavailable',
  'billing-controls-disabled',
  'sandbox-billing-disabled',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];
