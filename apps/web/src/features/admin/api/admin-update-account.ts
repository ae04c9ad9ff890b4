import { type TAdminAccount, type TAdminUpdateAccountBody, ZAdminAccount } from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { errorMessage } from '@/lib/http/api-error.ts';
import { refreshQueries } from '@/lib/react-query.ts';
import { toast } from '@/lib/toast.ts';

export const adminUpdateAccount = (userId: string, body: TAdminUpdateAccountBody): Promise<TAdminAccount> =>
  apiRequest(`/api/v1/accounts/admin/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body,
    schema: ZAdminAccount,
  });

export const useAdminUpdateAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: TAdminUpdateAccountBody }) =>
      adminUpdateAccount(userId, body),
    onSuccess: (account) => {
      // The list, the user's page and their audit trail all change with it.
      queryClient.setQueryData(['admin', 'account', account.userId], account);
      void refreshQueries(queryClient, { queryKey: ['admin', 'accounts'] });
      void refreshQueries(queryClient, { queryKey: ['admin', 'audit', account.userId] });
      toast.success(`Updated ${account.email}`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not update the account.')),
  });
};
