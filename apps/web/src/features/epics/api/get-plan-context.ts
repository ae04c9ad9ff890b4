import { type TPlanContext, ZPlanContext } from '@cdca/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

export const planContextQueryKey = (coinId: string) => ['epics', 'plan-context', coinId] as const;

/** The product rules, best ask and available USD that the server plans an epic from. */
export const getPlanContext = (coinId: string): Promise<TPlanContext> =>
  apiRequest('/api/v1/epics/plan-context', { query: { coinId }, schema: ZPlanContext });

/**
 * The best ask moves with the market: the create page refreshes this when the coin's price changes
 * (coin.updated), and confirming reads it fresh, so what is confirmed is what the server will plan.
 */
export const getPlanContextQueryOptions = (coinId: string) =>
  queryOptions({
    queryKey: planContextQueryKey(coinId),
    queryFn: () => getPlanContext(coinId),
    staleTime: 5_000,
  });

export const usePlanContext = (coinId: string | undefined) =>
  useQuery({
    ...getPlanContextQueryOptions(coinId ?? ''),
    enabled: Boolean(coinId),
    // Switching coins keeps the previous ladder on screen until the new one is ready: no layout jump.
    placeholderData: keepPreviousData,
  });
