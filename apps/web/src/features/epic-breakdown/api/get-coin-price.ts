import { type TCoin, ZCoin } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

/** The same key the market feature uses, so both read one cached coin that coin.updated keeps live. */
export const coinQueryKey = (coinId: string) => ['coins', 'detail', coinId] as const;

export const getCoin = (coinId: string): Promise<TCoin> =>
  apiRequest(`/api/v1/coins/${encodeURIComponent(coinId)}`, { schema: ZCoin });

export const useCoinPrice = (coinId: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: coinQueryKey(coinId ?? ''),
      queryFn: () => getCoin(coinId ?? ''),
      enabled: Boolean(coinId),
    }),
  );
