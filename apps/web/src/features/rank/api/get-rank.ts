import { type TRankProgress, ZRankProgress } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

export const rankQueryKey = ['rank'] as const;

export const getRank = (): Promise<TRankProgress> => apiRequest('/api/v1/rank', { schema: ZRankProgress });

export const rankQueryOptions = () => queryOptions({ queryKey: rankQueryKey, queryFn: getRank });

/** The caller's tier, lifetime realised profit and the way to the next tier. */
export const useRank = () => useQuery(rankQueryOptions());
