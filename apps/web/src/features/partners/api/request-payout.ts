import { type TPayout, ZPayout } from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { refreshQueries } from '@/lib/react-query.ts';
import { PARTNERS_QUERY_KEY } from './partners-query-key.ts';

/** POST /partners/payouts: the whole available balance to a checksummed USDC (Ethereum) address. */
export const requestPayout = (address: string): Promise<TPayout> =>
  apiRequest('/api/v1/partners/payouts', { method: 'POST', body: { address }, schema: ZPayout });

export const useRequestPayout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSuccess: () => refreshQueries(queryClient, { queryKey: PARTNERS_QUERY_KEY }),
  });
};
