import { type TExchangeKeySummary, ZExchangeKeySummary } from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { getCurrentKeyQueryOptions } from './get-current-key.ts';
import { exchangeAccountQueryKey } from './get-exchange-account.ts';

export const removeCurrentKey = (): Promise<TExchangeKeySummary> =>
  apiRequest('/api/v1/exchange-keys/current', { method: 'DELETE', schema: ZExchangeKeySummary });

/** Refused with 409 epics-running while an epic trades on the key; the caller shows why. */
export const useRemoveCurrentKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCurrentKey,
    onSuccess: () => {
      queryClient.setQueryData(getCurrentKeyQueryOptions().queryKey, null);
      queryClient.removeQueries({ queryKey: exchangeAccountQueryKey });
    },
  });
};
