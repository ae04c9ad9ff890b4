import { type TEpicDetail, ZEpicDetail } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { fetchHearing } from '@/lib/live-changes.ts';

export const epicDetailQueryKey = (epicId: string) => ['epics', 'detail', epicId] as const;

export const getEpic = (epicId: string): Promise<TEpicDetail> =>
  apiRequest(`/api/v1/epics/${encodeURIComponent(epicId)}`, { schema: ZEpicDetail });

/**
 * Realtime events keep this current while the page is open (hooks/use-live-epic.ts), with no polling. Events
 * are only heard while the page is mounted, so each visit reads it afresh (staleTime 0) rather than trusting
 * a cached copy that missed what happened meanwhile; what is heard while it is on its way is applied to the answer
 * (lib/live-changes.ts).
 */
export const getEpicQueryOptions = (epicId: string) =>
  queryOptions({
    queryKey: epicDetailQueryKey(epicId),
    queryFn: ({ client, queryKey }) => fetchHearing(client, queryKey, () => getEpic(epicId)),
    staleTime: 0,
  });

export const useEpic = (epicId: string) => useQuery(getEpicQueryOptions(epicId));
