import {
  type TLeaderboard,
  type TLeaderboardPreferences,
  type TUpdateLeaderboardPreferencesBody,
  ZLeaderboard,
  ZLeaderboardPreferences,
} from '@cdca/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { errorMessage } from '@/lib/http/api-error.ts';
import { refreshQueries } from '@/lib/react-query.ts';
import { toast } from '@/lib/toast.ts';

export const leaderboardQueryKey = ['rank', 'leaderboard'] as const;
const preferencesQueryKey = ['rank', 'leaderboard', 'preferences'] as const;

export const getLeaderboard = (): Promise<TLeaderboard> =>
  apiRequest('/api/v1/rank/leaderboard', { schema: ZLeaderboard });

export const leaderboardQueryOptions = () =>
  queryOptions({ queryKey: leaderboardQueryKey, queryFn: getLeaderboard });

/** The top 50 opted-in traders by return over the last 30 days, and the caller's own row. */
export const useLeaderboard = () => useQuery(leaderboardQueryOptions());

export const getLeaderboardPreferences = (): Promise<TLeaderboardPreferences> =>
  apiRequest('/api/v1/rank/leaderboard/preferences', { schema: ZLeaderboardPreferences });

export const useLeaderboardPreferences = () =>
  useQuery(queryOptions({ queryKey: preferencesQueryKey, queryFn: getLeaderboardPreferences }));

export const updateLeaderboardPreferences = (
  body: TUpdateLeaderboardPreferencesBody,
): Promise<TLeaderboardPreferences> =>
  apiRequest('/api/v1/rank/leaderboard/preferences', {
    method: 'PATCH',
    body,
    schema: ZLeaderboardPreferences,
  });

/** Saves a choice; the board is read again, since joining, leaving or showing dollars changes it. */
export const useUpdateLeaderboardPreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLeaderboardPreferences,
    onError: (error) => toast.error(errorMessage(error, 'Could not save your leaderboard choice.')),
    onSuccess: async (preferences) => {
      queryClient.setQueryData(preferencesQueryKey, preferences);
      await refreshQueries(queryClient, { queryKey: leaderboardQueryKey, exact: true });
    },
  });
};
