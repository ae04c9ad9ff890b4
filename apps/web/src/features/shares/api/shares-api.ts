import { type TCreateShareBody, type TShare, type TShareList, ZShare, ZShareList } from '@cdca/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Verified sharing (docs/decisions/verified-sharing.md): the owner's calls. */
export const sharesQueryKey = ['shares'] as const;

export const createShare = (body: TCreateShareBody): Promise<TShare> =>
  apiRequest('/api/v1/shares', { method: 'POST', body, schema: ZShare });

export const listShares = (): Promise<TShareList> => apiRequest('/api/v1/shares', { schema: ZShareList });

export const revokeShare = (id: string): Promise<TShare> =>
  apiRequest(`/api/v1/shares/${encodeURIComponent(id)}`, { method: 'DELETE', schema: ZShare });

export const sharesQueryOptions = () =>
  // View counts move whenever someone opens a link: re-read on each visit.
  queryOptions({ queryKey: sharesQueryKey, queryFn: listShares, staleTime: 0 });

export const useShares = () => useQuery(sharesQueryOptions());

export const useCreateShare = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShare,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesQueryKey }),
  });
};

export const useRevokeShare = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share: TShare) => revokeShare(share.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesQueryKey }),
  });
};
