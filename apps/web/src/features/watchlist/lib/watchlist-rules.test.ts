import type { TCoin, TWatchlistItem } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  initialFocus,
  removeItem,
  restoreItem,
  storableFocus,
  updateCoin,
  type WatchlistState,
} from './watchlist-rules.ts';

const coin = (symbol: string, price = '1.00'): TCoin => ({
  id: `00000000-0000-4000-8000-${symbol
    .padEnd(12, '0')
    .slice(0, 12)
    .replace(/[^0-9a-f]/gi, 'a')}`,
  symbol: `${symbol}-USD`,
  baseSymbol: symbol,
  name: symbol,
  photo: '',
  rank: 1,
  price,
  change24h: '0',
  volume24h: '0',
  status: 'online',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

const item = (c: TCoin, id = `item-${c.baseSymbol}`, withCoin = true): TWatchlistItem => ({
  id,
  accountId: 'acc',
  coinId: c.id,
  coinSymbol: c.symbol,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...(withCoin ? { coin: c } : {}),
});

const btc = coin('BTC');
const eth = coin('ETH');
const sol = coin('SOL');

describe('initialFocus', () => {
  it('keeps a stored focused coin that is in the list', () => {
    expect(initialFocus([item(btc), item(eth)], eth)?.id).toBe(eth.id);
  });

  it('refreshes the stored coin with the list copy', () => {
    const fresher = { ...eth, price: '9.99' };
    expect(initialFocus([item(btc), item(fresher)], eth)?.price).toBe('9.99');
  });

  it('focuses the first item when nothing is stored', () => {
    expect(initialFocus([item(btc), item(eth)], null)?.id).toBe(btc.id);
  });

  it('focuses the first item when the stored coin is no longer listed', () => {
    expect(initialFocus([item(btc), item(eth)], sol)?.id).toBe(btc.id);
  });

  it('has no focus for an empty list', () => {
    expect(initialFocus([], sol)).toBeNull();
  });
});

describe('addItem', () => {
  const state: WatchlistState = { items: [item(btc)], focused: btc };

  it('puts the new item at the front and focuses its coin', () => {
    const next = addItem(state, item(eth));
    expect(next.items.map((i) => i.coinId)).toEqual([eth.id, btc.id]);
    expect(next.focused?.id).toBe(eth.id);
  });

  it('ignores a coin already in the list', () => {
    expect(addItem(state, item(btc, 'another-id'))).toBe(state);
  });
});

describe('removeItem', () => {
  it('drops the item at once', () => {
    const state: WatchlistState = { items: [item(btc), item(eth)], focused: eth };
    expect(removeItem(state, 'item-BTC').items.map((i) => i.coinId)).toEqual([eth.id]);
  });

  it('keeps the focus when another coin was removed', () => {
    const state: WatchlistState = { items: [item(btc), item(eth)], focused: eth };
    expect(removeItem(state, 'item-BTC').focused?.id).toBe(eth.id);
  });

  it('moves focus to the first remaining item when the focused coin is removed', () => {
    const state: WatchlistState = { items: [item(btc), item(eth), item(sol)], focused: btc };
    expect(removeItem(state, 'item-BTC').focused?.id).toBe(eth.id);
  });

  it('moves focus to the second remaining item when the first has no coin', () => {
    const state: WatchlistState = {
      items: [item(btc), item(eth, 'item-ETH', false), item(sol)],
      focused: btc,
    };
    expect(removeItem(state, 'item-BTC').focused?.id).toBe(sol.id);
  });

  it('clears the focus when the last item goes', () => {
    const state: WatchlistState = { items: [item(btc)], focused: btc };
    expect(removeItem(state, 'item-BTC')).toEqual({ items: [], focused: null });
  });

  it('ignores an unknown item', () => {
    const state: WatchlistState = { items: [item(btc)], focused: btc };
    expect(removeItem(state, 'nope')).toBe(state);
  });
});

describe('restoreItem', () => {
  it('puts a failed removal back where it was', () => {
    const state: WatchlistState = { items: [item(btc), item(sol)], focused: btc };
    expect(restoreItem(state, item(eth), 1).items.map((i) => i.coinId)).toEqual([btc.id, eth.id, sol.id]);
  });

  it('gives the focus back when the list had none', () => {
    expect(restoreItem({ items: [], focused: null }, item(eth), 0).focused?.id).toBe(eth.id);
  });
});

describe('updateCoin', () => {
  it('refreshes the listed coin and the focused one', () => {
    const next = updateCoin({ items: [item(btc)], focused: btc }, { ...btc, price: '70000.00' });
    expect(next.items[0]?.coin?.price).toBe('70000.00');
    expect(next.focused?.price).toBe('70000.00');
  });
});

describe('storableFocus', () => {
  it('clears the stored focus for a coin without an id', () => {
    expect(storableFocus({ ...btc, id: '' })).toBeNull();
    expect(storableFocus(undefined)).toBeNull();
    expect(storableFocus(btc)).toBe(btc);
  });
});
