import { type InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';
import { isClientError } from './http/api-error.ts';

const MAX_RETRIES = 3;

/** docs/product.md §9 data-fetching defaults: 3 retries, 1 s doubling up to 30 s, 5 minutes of cache. */
export const retryDelayMs = (attempt: number): number => Math.min(1_000 * 2 ** attempt, 30_000);

// A 4xx is an answer, not an outage: retrying would only repeat the refusal.
export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  !isClientError(error) && failureCount < MAX_RETRIES;

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay: retryDelayMs, gcTime: 5 * 60_000, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });

/**
 * Marks the matching queries stale and re-reads those on screen, a first load still on its way included. Every refresh
 * goes through here instead of `invalidateQueries` alone: while a query has no data yet, TanStack Query hands a
 * refetch the answer of the fetch already under way (`cancelRefetch` only applies once there is data), and that
 * answer may have been read before the change that asked for the refresh. Such a first load is therefore read once
 * more when it lands; it is not cancelled, since a `fetchQuery` may be waiting on it
 * (docs/decisions/live-changes-during-fetches.md, "A first load under way").
 */
export const refreshQueries = async (
  queryClient: QueryClient,
  filters: InvalidateQueryFilters = {},
): Promise<void> => {
  const firstLoads = queryClient
    .getQueryCache()
    .findAll(filters)
    .filter((query) => query.state.data === undefined && query.state.fetchStatus === 'fetching');
  await queryClient.invalidateQueries(filters);
  await Promise.all(
    firstLoads.map((query) =>
      queryClient.invalidateQueries({
        queryKey: query.queryKey,
        exact: true,
        refetchType: filters.refetchType ?? 'active',
      }),
    ),
  );
};
