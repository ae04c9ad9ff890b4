/** A short title and a next step for each refusal the key check can answer; the server's message follows. */
const HINTS: Record<string, { title: string; next: string }> = {
  'api-key-can-transfer': {
    title: 'This key can transfer funds',
    next: 'CDCA never accepts a key that could move money out of your account.',
  },
  'api-key-cannot-trade': {
    title: 'This key cannot trade',
    next: 'Create a key with the Trade permission so CDCA can place your orders.',
  },
  'api-key-cannot-view': {
    title: 'This key cannot view your account',
    next: 'Create a key with the View permission so CDCA can read balances and orders.',
  },
  'api-key-invalid': {
    title: 'The exchange did not accept this key',
    next: 'Copy the full key name and the whole private key, including the BEGIN and END lines.',
  },
  'exchange-unavailable': {
    title: 'The exchange is not answering',
    next: 'Nothing was saved. Wait a moment and try again.',
  },
  'validation-failed': {
    title: 'Something is missing',
    next: 'Fill in both the key name and the private key.',
  },
};

export type KeyErrorHint = { title: string; next: string | null };

export const keyErrorHint = (code: string | undefined): KeyErrorHint => {
  const hint = code ? HINTS[code] : undefined;
  return hint ?? { title: 'The key could not be connected', next: null };
};
