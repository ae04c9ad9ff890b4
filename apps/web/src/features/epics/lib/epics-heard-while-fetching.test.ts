import type { TEpic, TEpicList } from '@cdca/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { upsertEndedEpic, upsertLiveEpic } from './epic-list-cache.ts';
import { fetchHearing, hearEpic } from './epics-heard-while-fetching.ts';

const epic = (id: string, status: TEpic['status'], updatedAt: string): TEpic =>
  ({ id, status, createdAt: `2026-01-0${id}T00:00:00.000Z`, updatedAt }) as TEpic;

const listOf = (...epics: TEpic[]): TEpicList => ({ epics }) as TEpicList;

/** A list fetch whose answer the test hands over when it chooses, as a slow network would. */
const pendingAnswer = () => {
  let answer: (list: TEpicList) => void = () => {};
  const fetchList = () =>
    new Promise<TEpicList>((resolve) => {
      answer = resolve;
    });
  return { fetchList, answer: (list: TEpicList) => answer(list) };
};

const T1 = '2026-01-10T00:00:01.000Z';
const T2 = '2026-01-10T00:00:02.000Z';

describe('fetchHearing', () => {
  it('keeps the newer copy an event brought while an older answer was on its way', async () => {
    const client = new QueryClient();
    const { fetchList, answer } = pendingAnswer();
    const fetched = fetchHearing(client, fetchList, upsertLiveEpic);
    hearEpic(client, epic('1', 'active', T2));
    answer(listOf(epic('1', 'pending', T1)));
    expect((await fetched).epics).toEqual([epic('1', 'active', T2)]);
  });

  it('drops an epic that ended, and adds one created, while the answer was on its way', async () => {
    const client = new QueryClient();
    const { fetchList, answer } = pendingAnswer();
    const fetched = fetchHearing(client, fetchList, upsertLiveEpic);
    hearEpic(client, epic('1', 'closed', T2));
    hearEpic(client, epic('3', 'pending', T2));
    answer(listOf(epic('2', 'active', T1), epic('1', 'active', T1)));
    expect((await fetched).epics.map((item) => item.id)).toEqual(['3', '2']);
  });

  it('adds to the ended list an epic that ended while it was on its way', async () => {
    const client = new QueryClient();
    const { fetchList, answer } = pendingAnswer();
    const fetched = fetchHearing(client, fetchList, upsertEndedEpic);
    hearEpic(client, epic('1', 'closed', T2));
    answer(listOf(epic('2', 'closed', T1)));
    expect((await fetched).epics.map((item) => item.id)).toEqual(['1', '2']);
  });

  it('takes the answer as it is when nothing newer was heard, and forgets the fetch once answered', async () => {
    const client = new QueryClient();
    hearEpic(client, epic('1', 'active', T2));
    const { fetchList, answer } = pendingAnswer();
    const fetched = fetchHearing(client, fetchList, upsertLiveEpic);
    hearEpic(new QueryClient(), epic('1', 'closed', T2));
    answer(listOf(epic('1', 'pending', T1)));
    expect((await fetched).epics).toEqual([epic('1', 'pending', T1)]);

    const next = pendingAnswer();
    const refetched = fetchHearing(client, next.fetchList, upsertLiveEpic);
    next.answer(listOf(epic('1', 'active', T2)));
    expect((await refetched).epics).toEqual([epic('1', 'active', T2)]);
  });
});
