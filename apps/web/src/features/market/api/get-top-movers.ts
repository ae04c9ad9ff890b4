import { type TTopMover, type TTopMoverList, ZTopMoverList } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

export const topMoversQueryKey = ['top-movers'] as const;

export const getTopMovers = (): Promise<TTopMoverList> =>
  apiRequest('/api/v1/top-movers', { schema: ZTopMoverList });

export const getTopMoversQueryOptions = () =>
  queryOptions({
    queryKey: topMoversQueryKey,
    queryFn: getTopMovers,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

/** Loaded once; top-mover.created / top-mover.deleted events keep it current (see use-live-market). */
export const useTopMovers = () => useQuery(getTopMoversQueryOptions());

/** Biggest move first, whichever direction. */
export const sortMovers = (movers: TTopMover[]): TTopMover[] =>
  [...movers].sort(
    (a, b) => Math.abs(Number(b.exchangeRateT24Ratio) - 1) - Math.abs(Number(a.exchangeRateT24Ratio) - 1),
  );
