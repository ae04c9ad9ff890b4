import { type TReferralCode, ZReferralCode } from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { refreshQueries } from '@/lib/react-query.ts';
import { PARTNERS_QUERY_KEY } from './partners-query-key.ts';

/** POST /partners/referral-codes: a vanity code, unique whatever its case (409 referral-code-taken). */
export const createReferralCode = (code: string): Promise<TReferralCode> =>
  apiRequest('/api/v1/partners/referral-codes', { method: 'POST', body: { code }, schema: ZReferralCode });

export const useCreateReferralCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReferralCode,
    onSuccess: () => refreshQueries(queryClient, { queryKey: PARTNERS_QUERY_KEY }),
  });
};
