import { describe, expect, it } from 'vitest';
import { ROUTES } from '@/config/routes.ts';
import { hasStoredSession, quickBootTarget } from './boot.ts';
import { bootTarget } from './boot-target.ts';

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

  it('starts the sign-in page for /login, and for guarded pages with the page asked for', () => {
    expect(bootTarget(at('/login?signup=1'), false)).toEqual({ app: 'sign-in', from: null });
    expect(bootTarget(at('/login/'), false)).toEqual({ app: 'sign-in', from: null });
    for (const path of ['/dashboard', '/keys', '/breakdown', '/coinbase', '/settings/billing']) {
      expect(bootTarget(at(path), false)).toEqual({ app: 'sign-in', from: path });
    }
  });

  it('starts the account app for sign-out and the callback', () => {
    expect(bootTarget(at('/logout'), false)).toEqual({ app: 'account' });
    expect(bootTarget(at('/?code=abc&state=xyz'), false)).toEqual({ app: 'account' });
    expect(bootTarget(at('/login?error=access_denied&state=xyz'), false)).toEqual({ app: 'account' });
  });

  it('starts the account app anywhere for someone signed in, so the root redirects and guards apply', () => {
    expect(bootTarget(at('/'), true)).toEqual({ app: 'account' });
    expect(bootTarget(at('/plans'), true)).toEqual({ app: 'account' });
    expect(bootTarget(at('/terms-of-service'), true)).toEqual({ app: 'account' });
  });
});

describe('quickBootTarget', () => {
  it('places every page of the manifest as bootTarget does, or leaves it to the manifest', () => {
    const paths = [...ROUTES.map((route) => route.path.replace(/:[^/]+/g, '42')), '/no-such-page', '/plans/'];
    const undecided: string[] = [];
    for (const path of paths) {
      for (const signedIn of [false, true]) {
        const quick = quickBootTarget(at(path), signedIn);
        if (quick === null) undecided.push(path);
        else expect(quick).toEqual(bootTarget(at(path), signedIn));
      }
    }
    // Only a visitor's guarded pages and unknown addresses need the manifest; every public page is decided at once.
    expect(undecided).toContain('/dashboard');
    expect(undecided).toContain('/no-such-page');
    expect(undecided).not.toContain('/');
    expect(undecided).not.toContain('/plans');
    expect(undecided).not.toContain('/launch');
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
