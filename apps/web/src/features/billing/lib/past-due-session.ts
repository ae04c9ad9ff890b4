import { readSessionString, writeSessionString } from '@/lib/storage/storage.ts';

/** Which modal showings this tab has had (see modalShowingKey); survives reloads, not a new tab. */
export const readShownModals = (): Set<string> => {
  const raw = readSessionString('pastDueShown');
  if (!raw) return new Set();
  try {
    const parsed: unknown = JSON.parse(raw);
    return new Set(Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : []);
  } catch {
    return new Set();
  }
};

export const rememberShownModal = (key: string): void => {
  const shown = readShownModals();
  shown.add(key);
  // A long session sees a handful of payments; keep the newest few so the value never grows without bound.
  writeSessionString('pastDueShown', JSON.stringify([...shown].slice(-20)));
};
