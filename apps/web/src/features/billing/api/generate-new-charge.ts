import { type TPayment, ZPayment } from '@cdca/contracts';
import { apiRequest } from '@/lib/http/api-client.ts';

/** A fresh hosted charge for an unpaid payment whose charge expired; the server keeps a usable one as is. */
export const generateNewCharge = (paymentId: string): Promise<TPayment> =>
  apiRequest(`/api/v1/payments/generate-new-charge/${encodeURIComponent(paymentId)}`, { schema: ZPayment });
