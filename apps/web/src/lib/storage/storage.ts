/** Browser storage keys, prefixed with the product name (docs/product.md §3, docs/decisions/front-end.md). */
export const STORAGE_KEYS = {
  paymentId: 'cdca.paymentId',
  referralCode: 'cdca.referralCode',
  lastPage: 'cdca.lastPage',
  focusedCoin: 'cdca.focusedCoin',
  epicInputs: 'cdca.epicInputs',
  /** The dashboard's beginner checklist, once dismissed (features/academy). */
  academyChecklistDismissed: 'cdca.academyChecklistDismissed',
} as const;

export type StorageKey = keyof typeof STORAGE_KEYS;

// Storage throws in some privacy modes; losing a remembered value is better than crashing the page.
const store = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

export const readString = (key: StorageKey): string | null => {
  try {
    return store()?.getItem(STORAGE_KEYS[key]) ?? null;
  } catch {
    return null;
  }
};

export const writeString = (key: StorageKey, value: string): void => {
  try {
    store()?.setItem(STORAGE_KEYS[key], value);
  } catch {
    // Quota exceeded or storage disabled: the value simply isn't remembered.
  }
};

export const removeValue = (key: StorageKey): void => {
  try {
    store()?.removeItem(STORAGE_KEYS[key]);
  } catch {
    // See writeString.
  }
};

export const readJson = (key: StorageKey): unknown => {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
};

export const writeJson = (key: StorageKey, value: unknown): void => writeString(key, JSON.stringify(value));

/** Per-tab memory (sessionStorage), gone when the tab closes: what was already shown "once per session". */
export const SESSION_KEYS = {
  pastDueShown: 'cdca.pastDueShown',
} as const;

export type SessionKey = keyof typeof SESSION_KEYS;

const sessionStore = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

export const readSessionString = (key: SessionKey): string | null => {
  try {
    return sessionStore()?.getItem(SESSION_KEYS[key]) ?? null;
  } catch {
    return null;
  }
};

export const writeSessionString = (key: SessionKey, value: string): void => {
  try {
    sessionStore()?.setItem(SESSION_KEYS[key], value);
  } catch {
    // See writeString.
  }
};
