import { type TDecidePayoutBody, type TPayout, ZPayout } from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { refreshQueries } from '@/lib/react-query.ts';
import { PARTNERS_QUERY_KEY } from './partners-query-key.ts';

/** PATCH /partners/admin/payouts/{id} (owners): approve, mark paid with the transaction hash, or reject. */
export const decidePayout = (id: string, body: TDecidePayoutBody): Promise<TPayout> =>
  apiRequest(`/api/v1/partners/admin/payouts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: ZPayout,
  });

export const useDecidePayout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TDecidePayoutBody }) => decidePayout(id, body),
    onSuccess: () => refreshQueries(queryClient, { queryKey: PARTNERS_QUERY_KEY }),
  });
};
