import type { TEpic, TEpicList } from '@cdca/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { applyLiveChange } from '@/lib/live-changes.ts';
import { upsertEndedEpic, upsertLiveEpic } from '../lib/epic-list-cache.ts';
import { liveEpicsQueryKey } from './get-live-epics.ts';
import { recentlyClosedEpicsQueryKey } from './get-recently-closed-epics.ts';

/**
 * A copy of an epic the page learnt of (an event or an answer of its own) goes into the cached lists, and into the
 * lists still on their way (lib/live-changes.ts); an older copy never replaces a newer one.
 */
export const applyEpic = (client: QueryClient, epic: TEpic) => {
  applyLiveChange<TEpicList>(client, liveEpicsQueryKey, (list) => ({
    ...list,
    epics: upsertLiveEpic(list.epics, epic),
  }));
  applyLiveChange<TEpicList>(client, recentlyClosedEpicsQueryKey, (list) => ({
    ...list,
    epics: upsertEndedEpic(list.epics, epic),
  }));
};
