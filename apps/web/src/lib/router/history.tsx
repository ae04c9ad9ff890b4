import { createContext, type ReactNode, startTransition, use, useEffect, useState } from 'react';
import { Router } from 'wouter';

/** How the address on screen was reached: back/forward or a page load (POP), a link (PUSH), a redirect (REPLACE). */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

/** The address on screen, with the key of its history entry (scroll positions are kept by it). */
export type HistoryEntry = {
  pathname: string;
  search: string;
  hash: string;
  key: string;
  type: NavigationType;
};

export type NavigateOptions = { replace?: boolean; state?: unknown };

/** What each history entry holds: the shape React Router wrote (`usr`, `key`), so older entries keep their key. */
type EntryState = { usr?: unknown; key?: string } | null;

const newKey = () => Math.random().toString(36).slice(2, 10);

const stateOf = (): EntryState => {
  const state: unknown = window.history.state;
  return typeof state === 'object' ? (state as EntryState) : null;
};

const currentEntry = (type: NavigationType): HistoryEntry => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
  key: stateOf()?.key ?? 'default',
  type,
});

/** The entry on screen once React catches up: moves update it at once, BrowserHistoryRouter follows. */
let latest: HistoryEntry | undefined;
const moves = new Set<() => void>();

/**
 * Moves to `to` (a path, with its query and hash), as a new history entry or in place of this one. A move to the
 * address already on screen replaces it, as React Router's links did, so a second click adds no back step.
 */
export const navigate = (to: string, { replace, state = null }: NavigateOptions = {}): void => {
  const url = new URL(to, window.location.href);
  const here = window.location;
  const inPlace =
    replace ?? (url.pathname === here.pathname && url.search === here.search && url.hash === here.hash);
  window.history[inPlace ? 'replaceState' : 'pushState'](
    { usr: state, key: newKey() },
    '',
    `${url.pathname}${url.search}${url.hash}`,
  );
  latest = currentEntry(inPlace ? 'REPLACE' : 'PUSH');
  for (const move of moves) move();
};

const EntryContext = createContext<HistoryEntry | null>(null);

/** The address on screen and how it was reached (scroll restoration needs both). */
export const useHistoryEntry = (): HistoryEntry => {
  const entry = use(EntryContext);
  if (!entry) throw new Error('useHistoryEntry needs a BrowserHistoryRouter above it.');
  return entry;
};

// wouter's location hooks (its `Router`'s `hook` and `searchHook`), read from the entry React renders.
const useEntryLocation = (): [string, typeof navigate] => [useHistoryEntry().pathname, navigate];
const useEntrySearch = (): string => useHistoryEntry().search;

/**
 * The browser's history for wouter, moved in React transitions: wouter's own location hook reads the address with
 * useSyncExternalStore, whose updates are never transitions, so a page whose chunk is still loading would replace
 * the one on screen with the skeleton. Here the old page stays until the next is ready, as with React Router's
 * BrowserRouter. Each entry gets a key (for scroll restoration) and the type of the move that reached it.
 */
export const BrowserHistoryRouter = ({ children }: { children: ReactNode }) => {
  const [entry, setEntry] = useState<HistoryEntry>(() => {
    // The entry the page loaded on gets a key too, so its scroll position is its own.
    if (!stateOf()?.key) window.history.replaceState({ ...stateOf(), key: newKey() }, '');
    latest = currentEntry('POP');
    return latest;
  });

  useEffect(() => {
    const follow = () => startTransition(() => setEntry((shown) => latest ?? shown));
    const pop = () => {
      latest = currentEntry('POP');
      follow();
    };
    moves.add(follow);
    window.addEventListener('popstate', pop);
    // A redirect on the first render (an unknown address) moves in a layout effect, before this effect runs.
    follow();
    return () => {
      moves.delete(follow);
      window.removeEventListener('popstate', pop);
    };
  }, []);

  return (
    <EntryContext value={entry}>
      <Router hook={useEntryLocation} searchHook={useEntrySearch}>
        {children}
      </Router>
    </EntryContext>
  );
};
