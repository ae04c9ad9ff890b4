import { ZCoin, ZWatchlistItem } from '@cdca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/realtime/realtime-context.ts';
import { applyToWatchlist } from '../lib/watchlist-cache.ts';
import { addItem, removeItem, updateCoin } from '../lib/watchlist-rules.ts';

/**
 * Keeps the cached watchlist in step with the server: items added or removed elsewhere (another tab or
 * device) and live prices of the listed coins.
 */
export const useWatchlistSync = (accountId: string) => {
  const queryClient = useQueryClient();

  useRealtimeEvent('watchlist-item.created', (message) => {
    const item = ZWatchlistItem.safeParse(message.event);
    if (!item.success || item.data.accountId !== accountId) return;
    // Another device's add lists the coin but does not steal this screen's focus.
    applyToWatchlist(queryClient, accountId, (state) => {
      const next = addItem(state, item.data);
      return next === state ? state : { items: next.items, focused: state.focused ?? next.focused };
    });
  });

  useRealtimeEvent('watchlist-item.deleted', (message) => {
    const item = ZWatchlistItem.safeParse(message.event);
    if (!item.success) return;
    applyToWatchlist(queryClient, accountId, (state) => removeItem(state, item.data.id));
  });

  useRealtimeEvent('coin.updated', (message) => {
    const coin = ZCoin.safeParse(message.event);
    if (!coin.success) return;
    applyToWatchlist(queryClient, accountId, (state) =>
      state.items.some((item) => item.coinId === coin.data.id) || state.focused?.id === coin.data.id
        ? updateCoin(state, coin.data)
        : state,
    );
  });
};
