import { type TAcademyProgress, ZAcademyProgress } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

export const academyProgressQueryKey = ['academy', 'progress'] as const;

/** GET /api/v1/academy/progress: the caller's lessons read and quizzes passed. */
export const getAcademyProgress = (): Promise<TAcademyProgress> =>
  apiRequest('/api/v1/academy/progress', { schema: ZAcademyProgress });

export const getAcademyProgressQueryOptions = () =>
  queryOptions({ queryKey: academyProgressQueryKey, queryFn: getAcademyProgress, staleTime: 60_000 });

export const useAcademyProgress = () => useQuery(getAcademyProgressQueryOptions());
