import { type TAccount, type TUpdateAccountBody, ZAccount } from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setCachedAccount } from '@/lib/auth/account-query.ts';
import { apiRequest } from '@/lib/http/api-client.ts';
import { errorMessage } from '@/lib/http/api-error.ts';
import { toast } from '@/lib/toast.ts';

export const updateAccount = (userId: string, body: TUpdateAccountBody): Promise<TAccount> =>
  apiRequest(`/api/v1/accounts/${encodeURIComponent(userId)}`, { method: 'PATCH', body, schema: ZAccount });

export const useUpdateAccount = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateAccountBody) => updateAccount(userId, body),
    onSuccess: (account) => {
      setCachedAccount(queryClient, account);
      toast.success('Account saved');
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not save your account.')),
  });
};
