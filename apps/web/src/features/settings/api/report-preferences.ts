import {
  type TReportPreferences,
  type TUpdateReportPreferencesBody,
  ZReportPreferences,
} from '@cdca/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { errorMessage } from '@/lib/http/api-error.ts';
import { toast } from '@/lib/toast.ts';

const url = (accountId: string) => `/api/v1/settings/${accountId}/daily-report`;

export const getReportPreferences = (accountId: string): Promise<TReportPreferences> =>
  apiRequest(url(accountId), { schema: ZReportPreferences });

export const reportPreferencesQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: ['settings', accountId, 'daily-report'],
    queryFn: () => getReportPreferences(accountId),
  });

/** The daily stats report's switch, time and zone (docs/decisions/daily-report.md). */
export const useReportPreferences = (accountId: string) => useQuery(reportPreferencesQueryOptions(accountId));

export const updateReportPreferences = (
  accountId: string,
  body: TUpdateReportPreferencesBody,
): Promise<TReportPreferences> =>
  apiRequest(url(accountId), { method: 'PATCH', body, schema: ZReportPreferences });

/** Saves and puts the server's answer in the cache; a refusal is shown as the server worded it. */
export const useUpdateReportPreferences = (accountId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateReportPreferencesBody) => updateReportPreferences(accountId, body),
    onError: (error) => toast.error(errorMessage(error, 'Could not save your report preferences.')),
    onSuccess: (preferences) => {
      queryClient.setQueryData(reportPreferencesQueryOptions(accountId).queryKey, preferences);
      toast.success('Settings saved');
    },
  });
};
