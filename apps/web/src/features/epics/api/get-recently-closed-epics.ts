import { type TEpicList, TERMINAL_EPIC_STATUSES, ZEpicList } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { fetchHearing } from '@/lib/live-changes.ts';

export const recentlyClosedEpicsQueryKey = ['epics', 'list', 'recently-closed'] as const;

/** Enough to cover a busy day; today's P&L counts the ones whose closedAt is today. */
const RECENT_LIMIT = 100;

export const getRecentlyClosedEpics = (): Promise<TEpicList> =>
  apiRequest('/api/v1/epics', {
    query: { status: [...TERMINAL_EPIC_STATUSES], sort: 'updatedAt:desc', limit: RECENT_LIMIT },
    schema: ZEpicList,
  });

/** Loaded once; an epic.updated that ends an epic adds it here (hooks/use-live-epics-sync.ts). */
export const getRecentlyClosedEpicsQueryOptions = () =>
  queryOptions({
    queryKey: recentlyClosedEpicsQueryKey,
    queryFn: ({ client, queryKey }) => fetchHearing(client, queryKey, getRecentlyClosedEpics),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useRecentlyClosedEpics = () => useQuery(getRecentlyClosedEpicsQueryOptions());
