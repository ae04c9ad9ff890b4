import { type TEpicList, ZEpicList } from '@cdca/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { HISTORY_PAGE_SIZE, type HistoryFilters, statusesOf } from '../lib/history-filters.ts';

export const historyQueryRoot = ['epics', 'list', 'history'] as const;

export const getHistoryPage = (filters: HistoryFilters): Promise<TEpicList> =>
  apiRequest('/api/v1/epics', {
    query: {
      status: statusesOf(filters),
      coinSymbol: filters.coin === 'all' ? undefined : filters.coin,
      sort: filters.sort,
      limit: HISTORY_PAGE_SIZE,
      offset: (filters.page - 1) * HISTORY_PAGE_SIZE,
      includeTotal: true,
    },
    schema: ZEpicList,
  });

/** One page of finished epics; the previous page stays on screen while the next loads (no layout jump). */
export const useHistoryPage = (filters: HistoryFilters) =>
  useQuery(
    queryOptions({
      queryKey: [...historyQueryRoot, 'page', filters],
      queryFn: () => getHistoryPage(filters),
      placeholderData: keepPreviousData,
      // Finished epics are only heard of while this page is open: re-read on each visit.
      staleTime: 0,
    }),
  );
