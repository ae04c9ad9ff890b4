import type { TEpic, TEpicList } from '@cdca/contracts';
import type { QueryClient } from '@tanstack/react-query';

/** The epic copies each list fetch under way has heard of since it was sent, per query client. */
const openFetches = new WeakMap<QueryClient, Set<TEpic[]>>();

/** Every epic copy the page learns of (an event, a create answer) is heard by the list fetches under way. */
export const hearEpic = (client: QueryClient, epic: TEpic) => {
  for (const heard of openFetches.get(client) ?? []) heard.push(epic);
};

/**
 * Fetches a list and applies to it, with `upsert`, what the page heard while the answer was on its way.
 *
 * The server reads the list after the request leaves, so a change committed after that read has its event reach the
 * page after the request left too: the events heard during the fetch are exactly the changes the answer may lack.
 * Without this, an answer read between two engine commits, arriving after the second commit's event, replaced the
 * newer copy (an epic stuck "Pending"), brought back an epic that had just ended or dropped one just created
 * (docs/decisions/epic-lists-and-events.md).
 */
export const fetchHearing = async (
  client: QueryClient,
  fetchList: () => Promise<TEpicList>,
  upsert: (list: readonly TEpic[], epic: TEpic) => TEpic[],
): Promise<TEpicList> => {
  const heard: TEpic[] = [];
  const fetches = openFetches.get(client) ?? new Set<TEpic[]>();
  openFetches.set(client, fetches);
  fetches.add(heard);
  try {
    const answer = await fetchList();
    return { ...answer, epics: heard.reduce(upsert, answer.epics) };
  } finally {
    fetches.delete(heard);
  }
};
