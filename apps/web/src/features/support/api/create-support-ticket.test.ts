import { describe, expect, it } from 'vitest';
import { storedAccessToken } from './create-support-ticket.ts';

const storage = (entries: Record<string, string>): Storage => {
  const keys = Object.keys(entries);
  return {
    length: keys.length,
    key: (index: number) => keys[index] ?? null,
    getItem: (key: string) => entries[key] ?? null,
    setItem: () => undefined,
    removeItem: () => undefined,
    clear: () => undefined,
  };
};

const NOW = 1_800_000_000;

describe('storedAccessToken', () => {
  it("sends the signed-in user's token while it is valid", () => {
    const user = JSON.stringify({ access_token: 'token-1', expires_at: NOW + 600 });
    expect(storedAccessToken(storage({ 'cdca.lastPage': '/x', 'oidc.user:https://id:web': user }), NOW)).toBe(
      'token-1',
    );
  });

  it('sends nothing for an expired or damaged session, or nobody signed in', () => {
    const expired = JSON.stringify({ access_token: 'token-1', expires_at: NOW + 10 });
    expect(storedAccessToken(storage({ 'oidc.user:a:b': expired }), NOW)).toBeUndefined();
    expect(storedAccessToken(storage({ 'oidc.user:a:b': '{oops' }), NOW)).toBeUndefined();
    expect(storedAccessToken(storage({}), NOW)).toBeUndefined();
    expect(storedAccessToken(undefined, NOW)).toBeUndefined();
  });
});
