import { type TSettings, ZSettings } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getSettings = (accountId: string): Promise<TSettings> =>
  apiRequest(`/api/v1/settings/${accountId}`, { schema: ZSettings });

export const getSettingsQueryOptions = (accountId: string) =>
  queryOptions({ queryKey: ['settings', accountId], queryFn: () => getSettings(accountId) });

export const useSettings = (accountId: string) => useQuery(getSettingsQueryOptions(accountId));
