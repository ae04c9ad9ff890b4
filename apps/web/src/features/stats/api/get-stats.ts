import { type TStatsPeriod, type TStatsReport, ZStatsReport } from '@cdca/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

export const statsQueryRoot = ['stats'] as const;

export const getStats = (period: TStatsPeriod): Promise<TStatsReport> =>
  apiRequest('/api/v1/stats', { query: { period }, schema: ZStatsReport });

export const statsQueryOptions = (period: TStatsPeriod) =>
  queryOptions({
    queryKey: [...statsQueryRoot, period],
    queryFn: () => getStats(period),
    // The previous period's figures stay on screen (dimmed) while the next loads, so switching never blanks the page.
    placeholderData: keepPreviousData,
    // Figures move with every fill and close; re-read on each visit rather than trust a 5-minute-old report.
    staleTime: 0,
  });

/** The stats report for a named period (figures defined in docs/decisions/stats-figures.md). */
export const useStats = (period: TStatsPeriod) => useQuery(statsQueryOptions(period));
