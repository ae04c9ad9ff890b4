/** A small least-recently-used cache: a Map keeps insertion order, so the first key is the least recently used. */
export const createLruCache = <V>(capacity: number) => {
  const entries = new Map<string, V>();
  /** The most recently used key: asked again, it is already last, and moving it would only churn the Map. */
  let newest: string | undefined;
  return {
    get: (key: string): V | undefined => {
      const value = entries.get(key);
      if (value === undefined || key === newest) return value;
      entries.delete(key);
      entries.set(key, value);
      newest = key;
      return value;
    },
    set: (key: string, value: V) => {
      entries.delete(key);
      entries.set(key, value);
      newest = key;
      for (const oldest of entries.keys()) {
        if (entries.size <= capacity) break;
        entries.delete(oldest);
      }
    },
    delete: (key: string) => {
      entries.delete(key);
      if (key === newest) newest = undefined;
    },
    size: () => entries.size,
  };
};
