import type { QueryClient } from '@tanstack/react-query';
import { billingSummaryQueryKey } from './get-billing-summary.ts';
import { paymentsQueryKey } from './get-payments.ts';

/** A payment or the account moved: every billing view of the account re-reads. */
export const invalidateBilling = (queryClient: QueryClient, accountId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: paymentsQueryKey(accountId) }),
    queryClient.invalidateQueries({ queryKey: billingSummaryQueryKey(accountId) }),
  ]);
