/** The shape the search reads; the landing feature's FAQ items have it. */
export type SearchableQuestion = { id: string; question: string; answer: readonly string[] };

/** Lower case without accents, so "déposit" finds "deposit". */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const wordsOf = (query: string) =>
  fold(query)
    .split(/[^\p{L}\p{N}$%]+/u)
    .filter(Boolean);

/**
 * The questions whose question or answer contains every word of the query (each word may be the start of a
 * longer one: "withdr" finds "withdraw"). Questions that match in the question itself come first.
 */
export const searchQuestions = <Item extends SearchableQuestion>(
  items: readonly Item[],
  query: string,
): Item[] => {
  const words = wordsOf(query);
  if (words.length === 0) return [...items];
  const scored = items.flatMap((item) => {
    const question = fold(item.question);
    const text = `${question} ${fold(item.answer.join(' '))}`;
    if (!words.every((word) => text.includes(word))) return [];
    const inQuestion = words.filter((word) => question.includes(word)).length;
    return [{ item, inQuestion }];
  });
  return scored.sort((a, b) => b.inQuestion - a.inQuestion).map(({ item }) => item);
};
