import { type TAdminAccount, ZAdminAccount } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

export const getAdminAccount = (userId: string): Promise<TAdminAccount> =>
  apiRequest(`/api/v1/accounts/admin/${encodeURIComponent(userId)}`, { schema: ZAdminAccount });

export const adminAccountQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['admin', 'account', userId], queryFn: () => getAdminAccount(userId) });

export const useAdminAccount = (userId: string) => useQuery(adminAccountQueryOptions(userId));
