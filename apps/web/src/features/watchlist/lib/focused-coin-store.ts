import { type TCoin, ZCoin } from '@cdca/contracts';
import { useSyncExternalStore } from 'react';
import { readJson, removeValue, writeJson } from '@/lib/storage/storage.ts';
import { storableFocus } from './watchlist-rules.ts';

/**
 * The focused coin lives in browser storage (docs/product.md §3) and in memory, so the dashboard, the watchlist and
 * a WATCH pressed in the notifications menu all see the same focus.
 */
let current: TCoin | null | undefined;
const listeners = new Set<() => void>();

const load = (): TCoin | null => {
  const parsed = ZCoin.safeParse(readJson('focusedCoin'));
  return parsed.success ? parsed.data : null;
};

export const getFocusedCoin = (): TCoin | null => {
  if (current === undefined) current = load();
  return current;
};

export const setFocusedCoin = (coin: TCoin | null | undefined): void => {
  const next = storableFocus(coin);
  if (next) writeJson('focusedCoin', next);
  else removeValue('focusedCoin');
  current = next;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useFocusedCoin = (): TCoin | null => useSyncExternalStore(subscribe, getFocusedCoin);
