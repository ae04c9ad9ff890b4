/** A small least-recently-used cache: a Map keeps insertion order, so the first key is the least recently used. */
export const createLruCache = <V>(capacity: number) => {
  const entries = new Map<string, V>();
  return {
    get: (key: string): V | undefined => {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set: (key: string, value: V) => {
      entries.delete(key);
      entries.set(key, value);
      for (const oldest of entries.keys()) {
        if (entries.size <= capacity) break;
        entries.delete(oldest);
      }
    },
    delete: (key: string) => {
      entries.delete(key);
    },
    size: () => entries.size,
  };
};
