import { type TExchangeKeySummary, ZExchangeKeySummary } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { isApiError } from '@/lib/http/api-error.ts';

/** The masked summary of the connected key, or null when none is connected (404 exchange-key-not-found). */
export const getCurrentKey = async (): Promise<TExchangeKeySummary | null> => {
  try {
    return await apiRequest('/api/v1/exchange-keys/current', { schema: ZExchangeKeySummary });
  } catch (error) {
    if (isApiError(error, 'exchange-key-not-found')) return null;
    throw error;
  }
};

export const getCurrentKeyQueryOptions = () =>
  queryOptions({ queryKey: ['exchange-keys', 'current'], queryFn: getCurrentKey });

export const useCurrentKey = () => useQuery(getCurrentKeyQueryOptions());
