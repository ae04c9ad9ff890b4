import {
  type TCreateShareBody,
  type TShare,
  type TShareList,
  type TShareReferralCode,
  ZShare,
  ZShareList,
  ZShareReferralCode,
} from '@cdca/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSettledJson } from '@/hooks/use-debounced-value.ts';
import { apiBlob, apiRequest } from '@/lib/http/api-client.ts';
import { refreshQueries } from '@/lib/react-query.ts';

/** Verified sharing (docs/decisions/verified-sharing.md): the owner's calls. */
export const sharesQueryKey = ['shares'] as const;

export const createShare = (body: TCreateShareBody): Promise<TShare> =>
  apiRequest('/api/v1/shares', { method: 'POST', body, schema: ZShare });

export const listShares = (): Promise<TShareList> => apiRequest('/api/v1/shares', { schema: ZShareList });

export const revokeShare = (id: string): Promise<TShare> =>
  apiRequest(`/api/v1/shares/${encodeURIComponent(id)}`, { method: 'DELETE', schema: ZShare });

export const getReferralCode = (): Promise<TShareReferralCode> =>
  apiRequest('/api/v1/shares/referral-code', { schema: ZShareReferralCode });

/** The card a share would have, drawn by the server from the same figures and choices; nothing is saved. */
export const previewShareCard = (body: TCreateShareBody, signal?: AbortSignal): Promise<Blob> =>
  apiBlob('/api/v1/shares/preview', { method: 'POST', body, signal });

/** The code "Include my referral code" would add; null for an account without one (the choice is then not offered). */
export const useShareReferralCode = () =>
  useQuery({ queryKey: [...sharesQueryKey, 'referral-code'], queryFn: getReferralCode, staleTime: 60_000 });

/** How long the choices must rest before the card is drawn again: a quick run of toggles draws it once. */
const PREVIEW_SETTLE_MS = 250;

/** The preview card for the current choices; the last card stays up while the next one is drawn. */
export const useShareCardPreview = (body: TCreateShareBody) => {
  const settled = useSettledJson(body, PREVIEW_SETTLE_MS);
  return useQuery({
    queryKey: [...sharesQueryKey, 'preview', settled],
    queryFn: ({ signal }) => previewShareCard(settled, signal),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
};

export const sharesQueryOptions = () =>
  // View counts move whenever someone opens a link: re-read on each visit.
  queryOptions({ queryKey: sharesQueryKey, queryFn: listShares, staleTime: 0 });

export const useShares = () => useQuery(sharesQueryOptions());

export const useCreateShare = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShare,
    onSuccess: () => refreshQueries(queryClient, { queryKey: sharesQueryKey }),
  });
};

export const useRevokeShare = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share: TShare) => revokeShare(share.id),
    onSuccess: () => refreshQueries(queryClient, { queryKey: sharesQueryKey }),
  });
};
