import type { TCoin, TWatchlistItem } from '@cdca/contracts';

/**
 * docs/product.md §4 Watchlist, as pure functions over the list and the focused coin, so every rule is tested
 * without React or a server.
 */
export type WatchlistState = { items: TWatchlistItem[]; focused: TCoin | null };

export const hasCoin = (items: readonly TWatchlistItem[], coinId: string): boolean =>
  items.some((item) => item.coinId === coinId);

/**
 * First load: a stored focused coin that is in the list stays focused (refreshed with the list's copy);
 * otherwise the first item's coin.
 */
export const initialFocus = (items: readonly TWatchlistItem[], stored: TCoin | null): TCoin | null => {
  if (stored?.id) {
    const match = items.find((item) => item.coinId === stored.id);
    if (match) return match.coin ?? stored;
  }
  return items[0]?.coin ?? null;
};

/** A new item goes to the front and its coin is focused; a coin already in the list is ignored. */
export const addItem = (state: WatchlistState, item: TWatchlistItem): WatchlistState => {
  if (hasCoin(state.items, item.coinId)) return state;
  return { items: [item, ...state.items], focused: item.coin ?? null };
};

/**
 * Removal is immediate. If the removed item held the focus and others remain, focus moves to the first
 * remaining item's coin, or the second's if the first carries none; an emptied list has no focus.
 */
export const removeItem = (state: WatchlistState, itemId: string): WatchlistState => {
  const removed = state.items.find((item) => item.id === itemId);
  if (!removed) return state;
  const items = state.items.filter((item) => item.id !== itemId);
  if (state.focused?.id !== removed.coinId) return { items, focused: state.focused };
  const [first, second] = items;
  return { items, focused: first?.coin ?? second?.coin ?? null };
};

/** Undo of a failed removal: the item returns to where it was; an empty focus takes its coin back. */
export const restoreItem = (state: WatchlistState, item: TWatchlistItem, index: number): WatchlistState => {
  if (state.items.some((existing) => existing.id === item.id)) return state;
  const items = [...state.items];
  items.splice(Math.min(index, items.length), 0, item);
  return { items, focused: state.focused ?? item.coin ?? null };
};

/** A coin.updated event refreshes the embedded coin and, when it is the focused one, the focus. */
export const updateCoin = (state: WatchlistState, coin: TCoin): WatchlistState => ({
  items: state.items.map((item) => (item.coinId === coin.id ? { ...item, coin } : item)),
  focused: state.focused?.id === coin.id ? coin : state.focused,
});

/** docs/product.md §3 Focused coin: what goes to storage — nothing when the coin has no id. */
export const storableFocus = (coin: TCoin | null | undefined): TCoin | null => (coin?.id ? coin : null);
