import { type TBillingSummary, type TCancelPlanBody, ZBillingSummary } from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { errorMessage } from '@/lib/http/api-error.ts';
import { toast } from '@/lib/toast.ts';
import { billingSummaryQueryKey } from './get-billing-summary.ts';
import { invalidateBilling } from './invalidate-billing.ts';

export const cancelPlan = (body: TCancelPlanBody): Promise<TBillingSummary> =>
  apiRequest('/api/v1/billing/cancellation', { method: 'POST', body, schema: ZBillingSummary });

export const useCancelPlan = (accountId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TCancelPlanBody, 'accountId'>) => cancelPlan({ ...body, accountId }),
    onSuccess: (summary) => {
      queryClient.setQueryData(billingSummaryQueryKey(accountId), summary);
      void invalidateBilling(queryClient, accountId);
      toast.success('Your plan is cancelled');
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not cancel your plan.')),
  });
};
