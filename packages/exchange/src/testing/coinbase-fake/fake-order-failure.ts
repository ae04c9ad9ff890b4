import { isExchangeError } from '@cdca/engine';
import { ok, type Reply, replyForVenueError } from './fake-reply.ts';

type Rejection = { error: string; message: string; preview?: string };

// Which Coinbase reason a paper rejection becomes. Real captures put the specific reason in `error` for funds
// and post-only, but leave `error` generic with the detail in preview_failure_reason for size limits (unverified).
const rejectionOf = (kind: string, message: string, byQuote: boolean): Rejection | undefined => {
  switch (kind) {
    case 'insufficient-funds':
      return {
        error: 'INSUFFICIENT_FUND',
        message: 'Insufficient balance in source account',
        preview: 'PREVIEW_INSUFFICIENT_FUND',
      };
    case 'post-only-would-cross':
      return { error: 'INVALID_LIMIT_PRICE_POST_ONLY', message: 'Invalid limit price for post only order' };
    case 'below-minimum':
      return {
        error: 'UNKNOWN_FAILURE_REASON',
        message,
        preview: byQuote ? 'PREVIEW_INVALID_QUOTE_SIZE_TOO_SMALL' : 'PREVIEW_INVALID_BASE_SIZE_TOO_SMALL',
      };
    case 'invalid-order':
      return /price/i.test(message)
        ? { error: 'INVALID_PRICE_PRECISION', message: 'Invalid price precision' }
        : { error: 'INVALID_SIZE_PRECISION', message: 'Invalid size precision' };
    case 'not-found':
      return { error: 'INVALID_PRODUCT_ID', message: 'Invalid product id' };
    case 'product-unavailable':
      return /not (exist|found)|unknown/i.test(message)
        ? { error: 'INVALID_PRODUCT_ID', message: 'Invalid product id' }
        : { error: 'UNTRADABLE_PRODUCT', message: 'Product is not tradable' };
    default:
      return undefined;
  }
};

/** A rejected create-order: HTTP 200 with success:false, as Coinbase answers business-level failures. */
export const orderFailureReply = (error: unknown, orderConfiguration: unknown, byQuote: boolean): Reply => {
  if (!isExchangeError(error)) return replyForVenueError(error, 'order');
  const rejection = rejectionOf(error.kind, error.message, byQuote);
  if (!rejection) return replyForVenueError(error, 'order');
  return ok({
    success: false,
    failure_reason: 'UNKNOWN_FAILURE_REASON',
    order_id: '',
    error_response: {
      error: rejection.error,
      message: rejection.message,
      error_details: '',
      ...(rejection.preview
        ? { preview_failure_reason: rejection.preview }
        : { new_order_failure_reason: rejection.error }),
    },
    order_configuration: orderConfiguration,
  });
};
