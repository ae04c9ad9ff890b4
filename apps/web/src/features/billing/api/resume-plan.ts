import { type TBillingSummary, ZBillingSummary } from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { errorMessage } from '@/lib/http/api-error.ts';
import { toast } from '@/lib/toast.ts';
import { billingSummaryQueryKey } from './get-billing-summary.ts';
import { invalidateBilling } from './invalidate-billing.ts';

/** Takes a cancellation back (DELETE /api/v1/billing/cancellation). */
export const resumePlan = (accountId: string): Promise<TBillingSummary> =>
  apiRequest('/api/v1/billing/cancellation', {
    method: 'DELETE',
    query: { accountId },
    schema: ZBillingSummary,
  });

export const useResumePlan = (accountId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resumePlan(accountId),
    onSuccess: (summary) => {
      queryClient.setQueryData(billingSummaryQueryKey(accountId), summary);
      void invalidateBilling(queryClient, accountId);
      toast.success('Your plan is back on');
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not resume your plan.')),
  });
};
