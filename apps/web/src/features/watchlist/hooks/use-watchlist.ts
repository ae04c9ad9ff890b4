import { useEffect, useRef } from 'react';
import { useWatchlistItems } from '../api/get-watchlist.ts';
import { getFocusedCoin, setFocusedCoin, useFocusedCoin } from '../lib/focused-coin-store.ts';
import { initialFocus } from '../lib/watchlist-rules.ts';

/** The dashboard's view of the watchlist: the items, the focused coin and the first-load focus rule. */
export const useWatchlist = (accountId: string) => {
  const items = useWatchlistItems(accountId);
  const focused = useFocusedCoin();
  const settled = useRef(false);

  useEffect(() => {
    if (settled.current || !items.data) return;
    settled.current = true;
    setFocusedCoin(initialFocus(items.data.watchListItems, getFocusedCoin()));
  }, [items.data]);

  return { items, focused, focus: setFocusedCoin };
};
