import { type TWatchlistItemList, ZWatchlistItemList } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

export const watchlistQueryKey = (accountId: string) => ['watchlist', accountId] as const;

export const getWatchlist = (accountId: string): Promise<TWatchlistItemList> =>
  apiRequest('/api/v1/watchlist-items', {
    query: { accountId, includeTotal: true, withCoin: true },
    schema: ZWatchlistItemList,
  });

/** Events and mutations keep the cached list current, so it is never refetched behind their back. */
export const getWatchlistQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: watchlistQueryKey(accountId),
    queryFn: () => getWatchlist(accountId),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** docs/product.md §4: loaded once the account has an id. */
export const useWatchlistItems = (accountId: string | undefined) =>
  useQuery({ ...getWatchlistQueryOptions(accountId ?? ''), enabled: Boolean(accountId) });
