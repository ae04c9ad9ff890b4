import type { TWatchlistItemList } from '@cdca/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { watchlistQueryKey } from '../api/get-watchlist.ts';
import { getFocusedCoin, setFocusedCoin } from './focused-coin-store.ts';
import type { WatchlistState } from './watchlist-rules.ts';

/** Applies one watchlist rule to the cached list and the focused coin together. */
export const applyToWatchlist = (
  queryClient: QueryClient,
  accountId: string,
  rule: (state: WatchlistState) => WatchlistState,
): void => {
  const key = watchlistQueryKey(accountId);
  const list = queryClient.getQueryData<TWatchlistItemList>(key);
  const before: WatchlistState = { items: list?.watchListItems ?? [], focused: getFocusedCoin() };
  const after = rule(before);
  if (after === before) return;
  if (list && after.items !== before.items) {
    const delta = after.items.length - before.items.length;
    queryClient.setQueryData<TWatchlistItemList>(key, {
      watchListItems: after.items,
      ...(list.total === undefined ? {} : { total: Math.max(0, list.total + delta) }),
    });
  }
  if (after.focused !== before.focused) setFocusedCoin(after.focused);
};

export const cachedItems = (queryClient: QueryClient, accountId: string) =>
  queryClient.getQueryData<TWatchlistItemList>(watchlistQueryKey(accountId))?.watchListItems ?? [];
