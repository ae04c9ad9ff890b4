import { type TEpic, ZEpicList } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TERMINAL_EPIC_STATUSES } from '@/lib/epics/epic-status.ts';
import { apiRequest } from '@/lib/http/api-client.ts';
import { historyQueryRoot } from './get-history-page.ts';

/** The API's largest page. */
const BATCH = 200;

/**
 * Every finished epic, read in pages of 200, for the totals and the coin filter. The API has no aggregate
 * endpoint, so the sums are done here in exact decimals; a trader with thousands of epics pays a few requests.
 */
export const getAllHistory = async (): Promise<TEpic[]> => {
  const epics: TEpic[] = [];
  for (let offset = 0; ; offset += BATCH) {
    const page = await apiRequest('/api/v1/epics', {
      query: {
        status: TERMINAL_EPIC_STATUSES,
        sort: 'createdAt:asc',
        limit: BATCH,
        offset,
        includeTotal: true,
      },
      schema: ZEpicList,
    });
    epics.push(...page.epics);
    if (page.epics.length < BATCH || epics.length >= (page.total ?? 0)) return epics;
  }
};

export const useAllHistory = () =>
  useQuery(queryOptions({ queryKey: [...historyQueryRoot, 'all'], queryFn: getAllHistory, staleTime: 0 }));
