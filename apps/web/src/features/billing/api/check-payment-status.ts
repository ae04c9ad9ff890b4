import { type TPayment, ZPayment } from '@cdca/contracts';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Asks the server to ask the provider now (docs/product.md §4 pid return flow); answers the payment as it stands. */
export const checkPaymentStatus = (paymentId: string): Promise<TPayment> =>
  apiRequest(`/api/v1/payments/check-payment-status/${encodeURIComponent(paymentId)}`, {
    method: 'POST',
    schema: ZPayment,
  });
