/**
 * Rendered cards by token and card version, least recently used first out. A share's figures and privacy never
 * change after creation, so a cached card is only wrong after a revoke, which deletes it
 * (docs/decisions/verified-sharing.md). In memory per process: a card costs one render per process at most.
 */
export const createCardCache = (maxEntries = 200) => {
  const entries = new Map<string, Buffer>();
  return {
    get: (key: string): Buffer | undefined => {
      const found = entries.get(key);
      if (found) {
        // Re-inserting moves it to the back: Map keeps insertion order.
        entries.delete(key);
        entries.set(key, found);
      }
      return found;
    },
    set: (key: string, png: Buffer) => {
      entries.delete(key);
      entries.set(key, png);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    /** Every version of one token's card. */
    forget: (token: string) => {
      for (const key of entries.keys()) if (key.startsWith(`${token}:`)) entries.delete(key);
    },
  };
};

export type CardCache = ReturnType<typeof createCardCache>;
