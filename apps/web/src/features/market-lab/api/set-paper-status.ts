import { type TPaperProductState, type TSetPaperStatusBody, ZPaperProductState } from '@cdca/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Owner only: what the paper venue accepts for the product (halted, cancel-only, delisted, back online …). */
export const setPaperStatus = (productId: string, body: TSetPaperStatusBody): Promise<TPaperProductState> =>
  apiRequest(`/api/v1/paper/products/${encodeURIComponent(productId)}/status`, {
    method: 'POST',
    body,
    schema: ZPaperProductState,
  });

export const useSetPaperStatus = (productId: string) =>
  useMutation({ mutationFn: (body: TSetPaperStatusBody) => setPaperStatus(productId, body) });
