import { type TEpicList, ZEpicList } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIVE_EPIC_STATUSES } from '@/lib/epics/epic-status.ts';
import { apiRequest } from '@/lib/http/api-client.ts';
import { fetchHearing } from '@/lib/live-changes.ts';

export const liveEpicsQueryKey = ['epics', 'list', 'live'] as const;

/** Far more than anyone runs at once; the dashboard shows every live epic, never a page of them. */
const LIVE_LIMIT = 200;

export const getLiveEpics = (): Promise<TEpicList> =>
  apiRequest('/api/v1/epics', {
    query: { status: [...LIVE_EPIC_STATUSES], sort: 'createdAt:desc', limit: LIVE_LIMIT },
    schema: ZEpicList,
  });

/** Loaded once; epic.created / epic.updated keep it current (hooks/use-live-epics-sync.ts), no polling. */
export const getLiveEpicsQueryOptions = () =>
  queryOptions({
    queryKey: liveEpicsQueryKey,
    queryFn: ({ client, queryKey }) => fetchHearing(client, queryKey, getLiveEpics),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useLiveEpics = () => useQuery(getLiveEpicsQueryOptions());
