import { type TPaperProductState, type TSetPaperPriceBody, ZPaperProductState } from '@cdca/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Owner only, paper venue outside production: the price jumps there and the random walk goes on from it. */
export const setPaperPrice = (productId: string, body: TSetPaperPriceBody): Promise<TPaperProductState> =>
  apiRequest(`/api/v1/paper/products/${encodeURIComponent(productId)}/price`, {
    method: 'POST',
    body,
    schema: ZPaperProductState,
  });

export const useSetPaperPrice = (productId: string) =>
  useMutation({ mutationFn: (body: TSetPaperPriceBody) => setPaperPrice(productId, body) });
