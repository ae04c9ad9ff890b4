import { type TSettings, type TUpdateSettingsBody, ZSettings } from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { errorMessage } from '@/lib/http/api-error.ts';
import { toast } from '@/lib/toast.ts';
import { getSettingsQueryOptions } from './get-settings.ts';

export const updateSettings = (accountId: string, body: TUpdateSettingsBody): Promise<TSettings> =>
  apiRequest(`/api/v1/settings/${accountId}`, { method: 'PATCH', body, schema: ZSettings });

/** Optimistic: the switch moves at once and snaps back if the server refuses. */
export const useUpdateSettings = (accountId: string) => {
  const queryClient = useQueryClient();
  const { queryKey } = getSettingsQueryOptions(accountId);
  return useMutation({
    mutationFn: (body: TUpdateSettingsBody) => updateSettings(accountId, body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, { ...previous, ...body });
      return { previous };
    },
    onError: (error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      toast.error(errorMessage(error, 'Could not save your settings.'));
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKey, settings);
      toast.success('Settings saved');
    },
  });
};
