import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { logger } from '@/lib/logger.ts';
import { readString, removeValue } from '@/lib/storage/storage.ts';
import { checkPaymentStatus } from '../api/check-payment-status.ts';
import { invalidateBilling } from '../api/invalidate-billing.ts';

/** docs/product.md §9: the payment status check runs 5000 ms after sign-in. */
export const PAYMENT_CHECK_DELAY_MS = 5_000;

export type PaymentReturnAccount = { id: string; freeAccount: boolean };

/**
 * docs/product.md §4 sign-in step 5: back from a hosted charge page with `?pid=` (the root route stored it), a paying
 * account asks the server to check that payment 5 s after sign-in, then forgets the pid. Answers whether a check
 * is still waiting, so the past-due modal does not nag someone who has just paid.
 */
export const usePaymentReturn = (account: PaymentReturnAccount): { returning: boolean } => {
  const queryClient = useQueryClient();
  const [paymentId, setPaymentId] = useState(() => readString('paymentId'));

  useEffect(() => {
    if (!paymentId) return;
    const forget = () => {
      removeValue('paymentId');
      setPaymentId(null);
    };
    // A free account never pays; there is nothing to check.
    if (account.freeAccount) {
      forget();
      return;
    }
    const timer = setTimeout(() => {
      checkPaymentStatus(paymentId)
        .catch((error: unknown) => {
          // Someone else's or an unknown id answers 404; either way there is nothing more to do with it.
          logger.warn('payment status check failed', { paymentId, error: String(error) });
        })
        .finally(() => {
          forget();
          void invalidateBilling(queryClient, account.id);
        });
    }, PAYMENT_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [paymentId, account.freeAccount, account.id, queryClient]);

  return { returning: paymentId !== null };
};
