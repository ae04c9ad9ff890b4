import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveChange, fetchHearing } from './live-changes.ts';

type Item = { id: string; version: number };

/** Newer wins, as every live change must: applying it to data that already has it, or has newer, changes nothing. */
const put =
  (item: Item) =>
  (items: Item[]): Item[] => {
    const known = items.find((existing) => existing.id === item.id);
    if (known && known.version >= item.version) return items;
    return [...items.filter((existing) => existing.id !== item.id), item];
  };

/** A fetch whose answer the test hands over when it chooses, as a slow network would. */
const pendingAnswer = () => {
  let answer: (items: Item[]) => void = () => {};
  const fetchData = () =>
    new Promise<Item[]>((resolve) => {
      answer = resolve;
    });
  return { fetchData, answer: (items: Item[]) => answer(items) };
};

const KEY = ['items'];

describe('live changes and fetches', () => {
  it('applies to an answer the changes heard while it was on its way, newer copies winning', async () => {
    const client = new QueryClient();
    const { fetchData, answer } = pendingAnswer();
    const fetched = fetchHearing(client, KEY, fetchData);
    applyLiveChange(client, KEY, put({ id: 'a', version: 2 }));
    applyLiveChange(client, KEY, put({ id: 'c', version: 1 }));
    answer([
      { id: 'a', version: 1 },
      { id: 'b', version: 1 },
    ]);
    expect(await fetched).toEqual([
      { id: 'b', version: 1 },
      { id: 'a', version: 2 },
      { id: 'c', version: 1 },
    ]);
  });

  it('changes the cached data too, and leaves a query with no data alone', () => {
    const client = new QueryClient();
    applyLiveChange(client, KEY, put({ id: 'a', version: 1 }));
    expect(client.getQueryData(KEY)).toBeUndefined();
    client.setQueryData<Item[]>(KEY, []);
    applyLiveChange(client, KEY, put({ id: 'a', version: 1 }));
    expect(client.getQueryData(KEY)).toEqual([{ id: 'a', version: 1 }]);
  });

  it('does not apply what was heard before the fetch, for another key or by another client', async () => {
    const client = new QueryClient();
    applyLiveChange(client, KEY, put({ id: 'before', version: 1 }));
    const { fetchData, answer } = pendingAnswer();
    const fetched = fetchHearing(client, KEY, fetchData);
    applyLiveChange(client, ['other'], put({ id: 'other key', version: 1 }));
    applyLiveChange(new QueryClient(), KEY, put({ id: 'other client', version: 1 }));
    answer([{ id: 'a', version: 1 }]);
    expect(await fetched).toEqual([{ id: 'a', version: 1 }]);
  });

  it('gives each of two fetches under way the changes heard during its own', async () => {
    const client = new QueryClient();
    const first = pendingAnswer();
    const firstFetched = fetchHearing(client, KEY, first.fetchData);
    applyLiveChange(client, KEY, put({ id: 'a', version: 1 }));
    const second = pendingAnswer();
    const secondFetched = fetchHearing(client, KEY, second.fetchData);
    applyLiveChange(client, KEY, put({ id: 'b', version: 1 }));
    first.answer([]);
    second.answer([]);
    expect((await firstFetched).map((item) => item.id)).toEqual(['a', 'b']);
    expect((await secondFetched).map((item) => item.id)).toEqual(['b']);
  });
});
