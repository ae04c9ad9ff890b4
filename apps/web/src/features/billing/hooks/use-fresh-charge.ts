import type { TPayment } from '@cdca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { generateNewCharge } from '../api/generate-new-charge.ts';
import { invalidateBilling } from '../api/invalidate-billing.ts';
import { chargeNeedsRenewal } from '../lib/past-due-rules.ts';

export type FreshCharge = { renewing: boolean; failed: boolean; retry: () => void };

/**
 * docs/product.md §4: when the current time is past the payment's chargeExpDate, a new charge is requested automatically
 * and the payments re-read. Each expired charge is renewed once; a refusal shows a retry instead of looping.
 */
export const useFreshCharge = (
  accountId: string,
  payment: TPayment | undefined,
  now: number,
): FreshCharge => {
  const queryClient = useQueryClient();
  const attempted = useRef(new Set<string>());
  const [state, setState] = useState<'idle' | 'renewing' | 'failed'>('idle');
  const needed = payment !== undefined && chargeNeedsRenewal(payment, now);
  const chargeKey = payment ? `${payment.id}:${payment.chargeExpDate ?? 'none'}` : '';

  const renew = useCallback(
    (paymentId: string) => {
      setState('renewing');
      generateNewCharge(paymentId)
        .then(
          () => setState('idle'),
          () => setState('failed'),
        )
        // Either way the list is re-read: a refusal may mean the payment was paid in the meantime.
        .finally(() => void invalidateBilling(queryClient, accountId));
    },
    [accountId, queryClient],
  );

  useEffect(() => {
    if (!needed || !payment || attempted.current.has(chargeKey)) return;
    attempted.current.add(chargeKey);
    renew(payment.id);
  }, [needed, payment, chargeKey, renew]);

  return {
    renewing: needed && state === 'renewing',
    failed: needed && state === 'failed',
    retry: () => {
      if (payment) renew(payment.id);
    },
  };
};
