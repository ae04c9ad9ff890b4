import type { QueryClient } from '@tanstack/react-query';
import { refreshQueries } from '@/lib/react-query.ts';
import { billingSummaryQueryKey } from './get-billing-summary.ts';
import { paymentsQueryKey } from './get-payments.ts';

/** A payment or the account moved: every billing view of the account re-reads. */
export const invalidateBilling = (queryClient: QueryClient, accountId: string) =>
  Promise.all([
    refreshQueries(queryClient, { queryKey: paymentsQueryKey(accountId) }),
    refreshQueries(queryClient, { queryKey: billingSummaryQueryKey(accountId) }),
  ]);
