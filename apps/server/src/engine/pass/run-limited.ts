/** Runs `run` over every item with at most `limit` at a time; `run` handles its own failures. */
export const forEachLimited = async <T>(
  items: readonly T[],
  limit: number,
  run: (item: T) => Promise<void>,
): Promise<void> => {
  // One iterator shared by every lane: each item is taken exactly once.
  const queue = items[Symbol.iterator]();
  const lane = async () => {
    for (let step = queue.next(); !step.done; step = queue.next()) await run(step.value);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
};
