import {
  type TExchangeKeySubmitted,
  type TSubmitExchangeKeyBody,
  ZExchangeKeySubmitted,
} from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setCachedAccount } from '@/lib/auth/account-query.ts';
import { apiRequest } from '@/lib/http/api-client.ts';
import { isApiError } from '@/lib/http/api-error.ts';
import { refreshQueries } from '@/lib/react-query.ts';
import { getCurrentKeyQueryOptions } from './get-current-key.ts';
import { exchangeAccountQueryKey } from './get-exchange-account.ts';

export const submitExchangeKey = (body: TSubmitExchangeKeyBody): Promise<TExchangeKeySubmitted> =>
  apiRequest('/api/v1/exchange-keys', { method: 'POST', body, schema: ZExchangeKeySubmitted });

/** The server checks the key live; the answer carries the stored key's summary and the moved-on account. */
export const useSubmitExchangeKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitExchangeKey,
    onSuccess: (result) => {
      setCachedAccount(queryClient, result.account);
      queryClient.setQueryData(getCurrentKeyQueryOptions().queryKey, result.key);
      void refreshQueries(queryClient, { queryKey: exchangeAccountQueryKey });
    },
    onError: (error) => {
      // Another tab already finished this step: reload the account so the guard moves this one on too.
      if (isApiError(error, 'onboarding-step-out-of-order')) {
        void refreshQueries(queryClient, { queryKey: ['account'] });
      }
    },
  });
};
