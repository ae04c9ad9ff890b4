import { type TAccount, type TAdminUpdateAccountBody, ZAccount } from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest } from '@/lib/http/api-client.ts';
import { errorMessage } from '@/lib/http/api-error.ts';

export const adminUpdateAccount = (userId: string, body: TAdminUpdateAccountBody): Promise<TAccount> =>
  apiRequest(`/api/v1/accounts/admin/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body,
    schema: ZAccount,
  });

export const useAdminUpdateAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: TAdminUpdateAccountBody }) =>
      adminUpdateAccount(userId, body),
    onSuccess: (account) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'accounts'] });
      toast.success(`Updated ${account.email}`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not update the account.')),
  });
};
