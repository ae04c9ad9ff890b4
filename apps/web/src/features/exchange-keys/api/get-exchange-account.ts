import { type TExchangeAccountSummary, ZExchangeAccountSummary } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

export const exchangeAccountQueryKey = ['exchange-account'] as const;

/** The verified account the connected key belongs to: portfolio, balances and the key's permissions. */
export const getExchangeAccount = (): Promise<TExchangeAccountSummary> =>
  apiRequest('/api/v1/exchange-account', { schema: ZExchangeAccountSummary });

export const getExchangeAccountQueryOptions = () =>
  queryOptions({ queryKey: exchangeAccountQueryKey, queryFn: getExchangeAccount, staleTime: 10_000 });

export const useExchangeAccount = () => useQuery(getExchangeAccountQueryOptions());
