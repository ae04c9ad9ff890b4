import { Search } from 'lucide-react';
import { type ReactNode, useDeferredValue, useId, useState } from 'react';
import { type SearchableQuestion, searchQuestions } from '../lib/faq-search.ts';
import styles from './support.module.css';

export type FaqSearchProps<Item extends SearchableQuestion> = {
  items: readonly Item[];
  /** How the matching questions are shown (the route passes the landing page's accordion). */
  renderResults: (items: Item[]) => ReactNode;
};

/** Filters the FAQ as the reader types, and says how many answers match. */
export const FaqSearch = <Item extends SearchableQuestion>({
  items,
  renderResults,
}: FaqSearchProps<Item>) => {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const results = searchQuestions(items, deferredQuery);
  const inputId = useId();
  const searching = deferredQuery.trim() !== '';

  return (
    <section className={styles.panel} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className={styles.panelTitle}>
        Search the answers
      </h2>
      <div className={styles.search}>
        <Search className={styles.searchIcon} size={18} aria-hidden="true" />
        <label htmlFor={inputId} className="visually-hidden">
          Search the frequently asked questions
        </label>
        <input
          id={inputId}
          type="search"
          className={styles.searchInput}
          placeholder="Try “withdraw”, “USDC” or “stop”"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
      </div>
      <p className={styles.count} role="status">
        {searching
          ? `${results.length} ${results.length === 1 ? 'answer matches' : 'answers match'} “${deferredQuery.trim()}”`
          : `${items.length} common questions`}
      </p>
      {results.length > 0 ? (
        renderResults(results)
      ) : (
        <p className={styles.empty}>No answer matches yet — send us your question with the form.</p>
      )}
    </section>
  );
};
