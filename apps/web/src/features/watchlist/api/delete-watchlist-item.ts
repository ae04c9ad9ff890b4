import { type TWatchlistItem, ZWatchlistItem } from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { isApiError } from '@/lib/http/api-error.ts';
import { toast } from '@/lib/toast.ts';
import { applyToWatchlist, cachedItems } from '../lib/watchlist-cache.ts';
import { removeItem, restoreItem } from '../lib/watchlist-rules.ts';

export const deleteWatchlistItem = (id: string): Promise<TWatchlistItem> =>
  apiRequest(`/api/v1/watchlist-items/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: ZWatchlistItem,
  });

/** Optimistic (docs/product.md §4): the row goes at once and comes back, with a toast, if the server refuses. */
export const useRemoveFromWatchlist = (accountId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: TWatchlistItem) => deleteWatchlistItem(item.id),
    onMutate: (item) => {
      const index = cachedItems(queryClient, accountId).findIndex((existing) => existing.id === item.id);
      applyToWatchlist(queryClient, accountId, (state) => removeItem(state, item.id));
      return { index };
    },
    onError: (error, item, context) => {
      // Already gone on the server (another tab): the optimistic removal was right.
      if (isApiError(error, 'watchlist-item-not-found')) return;
      applyToWatchlist(queryClient, accountId, (state) => restoreItem(state, item, context?.index ?? 0));
      toast.error(`${item.coinSymbol} could not be removed from your watchlist. Please try again.`);
    },
  });
};
