import { type TWatchlistItem, ZWatchlistItem } from '@cdca/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { errorMessage } from '@/lib/http/api-error.ts';
import { toast } from '@/lib/toast.ts';
import { setFocusedCoin } from '../lib/focused-coin-store.ts';
import { applyToWatchlist, cachedItems } from '../lib/watchlist-cache.ts';
import { addItem, hasCoin } from '../lib/watchlist-rules.ts';

export type WatchCoin = { coinId: string; coinSymbol: string };

/** 201 for a new item, 200 with the existing one when the coin is already listed (docs/product.md §5). */
export const createWatchlistItem = (accountId: string, coin: WatchCoin): Promise<TWatchlistItem> =>
  apiRequest('/api/v1/watchlist-items', {
    method: 'POST',
    body: { accountId, ...coin },
    schema: ZWatchlistItem,
  });

/**
 * Adds a coin to the front of the list and focuses it. A coin already in the list is ignored without a
 * request (docs/product.md §4) — `added` tells the caller which happened.
 */
export const useAddToWatchlist = (accountId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (coin: WatchCoin): Promise<{ item: TWatchlistItem | null }> => {
      if (hasCoin(cachedItems(queryClient, accountId), coin.coinId)) return { item: null };
      return { item: await createWatchlistItem(accountId, coin) };
    },
    onSuccess: ({ item }) => {
      if (!item) return;
      applyToWatchlist(queryClient, accountId, (state) => addItem(state, item));
      // The created event may have listed it first; the person's own add still takes the focus.
      if (item.coin) setFocusedCoin(item.coin);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not add the coin to your watchlist.')),
  });
};
