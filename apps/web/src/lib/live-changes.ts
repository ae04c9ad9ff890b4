import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** A change a realtime event (or an answer of the page's own) makes to a cached query's data. */
type Change<T> = (data: T) => T;

/** Per query client and query key, the changes each fetch under way has heard of since it was sent. */
const openFetches = new WeakMap<QueryClient, Map<string, Set<Change<unknown>[]>>>();

const fetchesOf = (client: QueryClient, key: QueryKey) => {
  let byKey = openFetches.get(client);
  if (!byKey) {
    byKey = new Map();
    openFetches.set(client, byKey);
  }
  const hash = hashKey(key);
  let fetches = byKey.get(hash);
  if (!fetches) {
    fetches = new Set();
    byKey.set(hash, fetches);
  }
  return fetches;
};

/**
 * Applies a live change to a cached query, and to every fetch of it under way, so that their answer gets it too
 * (fetchHearing). The change must be safe to apply twice and must never put an older copy over a newer one: it is
 * applied to answers that may already hold it.
 */
export const applyLiveChange = <T>(client: QueryClient, key: QueryKey, change: Change<T>) => {
  for (const heard of openFetches.get(client)?.get(hashKey(key)) ?? []) heard.push(change as Change<unknown>);
  client.setQueryData<T>(key, (data) => (data === undefined ? data : change(data)));
};

/**
 * Fetches a query's data and applies to the answer the live changes heard while it was on its way.
 *
 * The server reads after the request leaves, so a change committed after that read sends its event after the read
 * too, and the page hears it while the fetch is under way: the changes heard during the fetch are exactly the ones
 * the answer may lack. Without this, an answer read between two engine commits and arriving after the second
 * commit's event replaced the newer copy: an epic stuck "Pending", an ended epic back on the dashboard
 * (docs/decisions/live-changes-during-fetches.md).
 */
export const fetchHearing = async <T>(
  client: QueryClient,
  key: QueryKey,
  fetchData: () => Promise<T>,
): Promise<T> => {
  const heard: Change<unknown>[] = [];
  const fetches = fetchesOf(client, key);
  fetches.add(heard);
  try {
    const answer = await fetchData();
    return heard.reduce<T>((data, change) => (change as Change<T>)(data), answer);
  } finally {
    fetches.delete(heard);
    if (fetches.size === 0) openFetches.get(client)?.delete(hashKey(key));
  }
};
