import { useEffect, useLayoutEffect, useRef } from 'react';
import { useHistoryEntry } from '@/lib/router/history.tsx';

/** Where each visited entry of the history was scrolled to; kept for a reload, as React Router's own did. */
const STORAGE_KEY = 'cdca.scrollPositions';

type Positions = Record<string, number>;

const readPositions = (): Positions => {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    return Object.fromEntries(Object.entries(stored).filter(([, y]) => typeof y === 'number'));
  } catch {
    return {};
  }
};

const writePositions = (positions: Positions): void => {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage refused: a reload starts at the top.
  }
};

/**
 * Back and forward return to where the page was, a reload too; any other move starts at the top of the new page, or
 * at the element its hash names. Runs when the new page is on screen (navigations are transitions, so after its
 * chunk arrived). Entries are told apart by the key BrowserHistoryRouter gives each (lib/router/history.tsx).
 */
export const ScrollRestoration = () => {
  const location = useHistoryEntry();
  const navigationType = location.type;
  const positions = useRef<Positions | undefined>(undefined);
  const current = useRef(location.key);
  positions.current ??= readPositions();

  useEffect(() => {
    const saved = positions.current ?? {};
    window.history.scrollRestoration = 'manual';
    // The position of the page on screen, so it is known when the next move replaces it.
    const record = () => {
      saved[current.current] = window.scrollY;
    };
    const save = () => {
      record();
      writePositions(saved);
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    const saved = positions.current?.[location.key];
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
};
