import { describe, expect, it } from 'vitest';
import { createTriggerBook, type Trigger } from './trigger-book.ts';

const buy = (id: string, price: string, productId = 'SOL-USD'): Trigger => ({
  id,
  epicId: `e-${id}`,
  productId,
  kind: 'buy',
  price,
});
const stop = (id: string, price: string, productId = 'SOL-USD'): Trigger => ({
  id,
  epicId: `e-${id}`,
  productId,
  kind: 'stop',
  price,
});

describe('trigger book', () => {
  it('fires buy triggers when the ask reaches them, cheapest first, and only once', () => {
    const book = createTriggerBook();
    book.add(buy('a', '110'));
    book.add(buy('b', '105'));
    book.add(buy('c', '120'));
    expect(book.onTick('SOL-USD', '103', '104.99')).toEqual([]);
    expect(book.onTick('SOL-USD', '109', '110').map((t) => t.id)).toEqual(['b', 'a']);
    expect(book.onTick('SOL-USD', '109', '110')).toEqual([]);
    expect(book.size()).toBe(1);
  });

  it('fires stops when the bid falls to them, dearest first', () => {
    const book = createTriggerBook();
    book.add(stop('a', '90'));
    book.add(stop('b', '80'));
    book.add(stop('c', '95'));
    expect(book.onTick('SOL-USD', '95.01', '96')).toEqual([]);
    expect(book.onTick('SOL-USD', '90', '91').map((t) => t.id)).toEqual(['c', 'a']);
    expect(book.has('b')).toBe(true);
  });

  it('compares prices as decimals, not strings', () => {
    const book = createTriggerBook();
    book.add(buy('a', '9.5'));
    book.add(buy('b', '10.25'));
    expect(book.onTick('SOL-USD', '9', '10').map((t) => t.id)).toEqual(['a']);
  });

  it('keeps products apart', () => {
    const book = createTriggerBook();
    book.add(buy('a', '1', 'ETH-USD'));
    expect(book.onTick('SOL-USD', '5', '5')).toEqual([]);
    expect(book.onTick('ETH-USD', '5', '5').map((t) => t.id)).toEqual(['a']);
  });

  it('removes by id and by epic, and replaces a trigger added twice', () => {
    const book = createTriggerBook();
    book.add(buy('a', '100'));
    book.add(buy('a', '200'));
    book.add({ ...stop('s', '50'), epicId: 'e-a' });
    book.add(buy('b', '100'));
    expect(book.size()).toBe(3);
    expect(book.remove('b')).toBe(true);
    expect(book.remove('b')).toBe(false);
    expect(book.onTick('SOL-USD', '60', '150')).toEqual([]);
    book.removeEpic('e-a');
    expect(book.size()).toBe(0);
    expect(book.onTick('SOL-USD', '1', '1000')).toEqual([]);
  });

  it('removes the right one of several triggers at the same price', () => {
    const book = createTriggerBook();
    for (const id of ['a', 'b', 'c']) book.add(buy(id, '100'));
    book.remove('b');
    expect(book.onTick('SOL-USD', '99', '100').map((t) => t.id)).toEqual(['a', 'c']);
  });

  it('matches a full scan on random books', () => {
    let seed = 42;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const book = createTriggerBook();
    const all = new Map<string, Trigger>();
    for (let i = 0; i < 500; i++) {
      const t =
        rand() < 0.5
          ? buy(`t${i}`, (90 + rand() * 20).toFixed(2))
          : stop(`t${i}`, (90 + rand() * 20).toFixed(2));
      book.add(t);
      all.set(t.id, t);
    }
    for (let tick = 0; tick < 50; tick++) {
      const bid = 90 + rand() * 20;
      const ask = bid + 0.01;
      const expected = [...all.values()]
        .filter((t) => (t.kind === 'buy' ? Number(t.price) <= ask : Number(t.price) >= bid))
        .map((t) => t.id)
        .sort();
      const fired = book.onTick('SOL-USD', bid.toFixed(2), ask.toFixed(2)).map((t) => t.id);
      // Test-only floats: the ticks are generated at 2 decimals so the comparison is exact.
      expect(fired.sort()).toEqual(expected);
      for (const id of fired) all.delete(id);
      expect(book.size()).toBe(all.size);
    }
  });
});
