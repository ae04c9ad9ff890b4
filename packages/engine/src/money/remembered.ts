/** Enough for every epic of the largest batch a worker books between its writes and the realtime events after them. */
export const FIGURES_REMEMBERED = 4096;

/**
 * A pure function's recent answers, kept by a text key made from its arguments, so work asked twice in a row (a
 * booking's figures, then the realtime event that shows them) is done once. Bounded: emptied when full, which costs a
 * recomputation and never a wrong answer. Only for answers nobody can change (decimals, strings).
 */
export const remembered = <A, R extends NonNullable<unknown> | null>(
  size: number,
  keyOf: (arg: A) => string,
  compute: (arg: A) => R,
) => {
  const answers = new Map<string, R>();
  return (arg: A): R => {
    const key = keyOf(arg);
    const known = answers.get(key);
    if (known !== undefined) return known;
    const answer = compute(arg);
    if (answers.size >= size) answers.clear();
    answers.set(key, answer);
    return answer;
  };
};
