import { type TCoinList, ZCoinList } from '@cdca/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

export const SEARCH_LIMIT = 8;

/** Coins whose symbol or name matches `search`, best-ranked first. */
export const searchCoins = (search: string, signal?: AbortSignal): Promise<TCoinList> =>
  apiRequest('/api/v1/coins', { query: { search, limit: SEARCH_LIMIT }, schema: ZCoinList, signal });

export const searchCoinsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['coins', 'search', search],
    queryFn: ({ signal }) => searchCoins(search, signal),
    staleTime: 15_000,
  });

/** `search` is already debounced by the caller; an empty search asks for nothing. */
export const useCoinSearch = (search: string) =>
  useQuery({ ...searchCoinsQueryOptions(search), enabled: search !== '', placeholderData: keepPreviousData });
