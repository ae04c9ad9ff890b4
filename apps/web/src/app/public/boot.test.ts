import { describe, expect, it } from 'vitest';
import { bootTarget, hasStoredSession } from './boot.ts';

const at = (url: string) => {
  const parsed = new URL(url, 'https://cdca.example');
  return { pathname: parsed.pathname, search: parsed.search };
};

const storageWith = (keys: string[]) => ({
  length: keys.length,
  key: (index: number) => keys[index] ?? null,
});

describe('bootTarget', () => {
  it('starts the public site for visitors on the marketing, legal and pre-account pages', () => {
    for (const path of [
      '/',
      '/terms-of-service',
      '/privacy-policy',
      '/support-public',
      '/plans',
      '/launch',
      '/partner-stack',
      '/skill',
    ]) {
      expect(bootTarget(at(path), false)).toEqual({ app: 'public', path });
    }
    expect(bootTarget(at('/plans/?rc=FRIEND'), false)).toEqual({ app: 'public', path: '/plans' });
  });

  it('sends unknown paths to the landing page without loading the account app', () => {
    expect(bootTarget(at('/no-such-page'), false)).toEqual({ app: 'public', path: '/' });
  });

  it('starts the account app for sign-in, sign-out, the callback and guarded pages', () => {
    for (const url of ['/login?signup=1', '/logout', '/dashboard', '/keys', '/breakdown', '/coinbase']) {
      expect(bootTarget(at(url), false)).toEqual({ app: 'account' });
    }
    expect(bootTarget(at('/?code=abc&state=xyz'), false)).toEqual({ app: 'account' });
  });

  it('starts the account app anywhere for someone signed in, so the root redirects and guards apply', () => {
    expect(bootTarget(at('/'), true)).toEqual({ app: 'account' });
    expect(bootTarget(at('/plans'), true)).toEqual({ app: 'account' });
    expect(bootTarget(at('/terms-of-service'), true)).toEqual({ app: 'account' });
  });
});

describe('hasStoredSession', () => {
  it('recognises the user oidc-client-ts stores, and nothing else', () => {
    expect(
      hasStoredSession(storageWith(['cdca.referralCode', 'oidc.user:https://id.example:cdca-web'])),
    ).toBe(true);
    expect(hasStoredSession(storageWith(['cdca.referralCode', 'oidc.abc123']))).toBe(false);
    expect(hasStoredSession(undefined)).toBe(false);
  });

  it('treats storage that throws as signed out', () => {
    const throwing = {
      get length(): number {
        throw new Error('denied');
      },
      key: () => null,
    };
    expect(hasStoredSession(throwing)).toBe(false);
  });
});
