import { type TCoin, ZCoin } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

export const coinQueryKey = (id: string) => ['coins', 'detail', id] as const;

export const getCoin = (id: string): Promise<TCoin> =>
  apiRequest(`/api/v1/coins/${encodeURIComponent(id)}`, { schema: ZCoin });

export const getCoinQueryOptions = (id: string) =>
  queryOptions({ queryKey: coinQueryKey(id), queryFn: () => getCoin(id) });

/** `initial` (e.g. the coin embedded in a watchlist item) shows at once; coin.updated keeps it live. */
export const useCoin = (id: string, initial?: TCoin) =>
  useQuery({ ...getCoinQueryOptions(id), initialData: initial, initialDataUpdatedAt: 0 });
