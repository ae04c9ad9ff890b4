import { type TPaperProductState, type TScriptPaperPriceBody, ZPaperProductState } from '@cdca/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

/** Owner only: the product walks through the prices, one per step, then its random walk resumes from the last. */
export const scriptPaperPrice = (
  productId: string,
  body: TScriptPaperPriceBody,
): Promise<TPaperProductState> =>
  apiRequest(`/api/v1/paper/products/${encodeURIComponent(productId)}/script`, {
    method: 'POST',
    body,
    schema: ZPaperProductState,
  });

export const useScriptPaperPrice = (productId: string) =>
  useMutation({ mutationFn: (body: TScriptPaperPriceBody) => scriptPaperPrice(productId, body) });
