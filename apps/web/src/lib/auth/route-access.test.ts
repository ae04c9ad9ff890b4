import { ACCOUNT_STATUSES, type TAccountStatus } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import { resolveRoute, rootDestination, statusHome, type Viewer } from './route-access.ts';

const launched = { launched: true, lastPage: null };
const as = (status: TAccountStatus, role: 'standard' | 'owner' = 'standard'): Viewer => ({
  signedIn: true,
  status,
  role,
});
const signedOut: Viewer = { signedIn: false };

const onboardingScreens: [string, TAccountStatus[]][] = [
  ['/payment', ['pending-payment', 'deactivated', 'deleted']],
  ['/breakdown', ['pending-breakdown']],
  ['/keys', ['pending-keys']],
  ['/coinbase', ['pending-coinbase-account']],
  ['/discord', ['pending-discord']],
  ['/tos', ['pending-tos']],
];

const accountArea = [
  '/dashboard',
  '/history',
  '/stats',
  '/rank',
  '/academy',
  '/support',
  '/epic/0f6e1f5c-1111-4222-8333-944455556666',
  '/partners/referrals',
  '/partners/users',
  '/partners/payouts',
  '/settings/account',
  '/settings/preferences',
  '/settings/notifications',
  '/settings/api-keys',
  '/settings/billing',
  '/settings/logout',
];

describe('statusHome (root entry table)', () => {
  it.each([
    ['pending-payment', '/payment'],
    ['deactivated', '/payment'],
    ['deleted', '/payment'],
    ['pending-breakdown', '/breakdown'],
    ['pending-keys', '/keys'],
    ['pending-coinbase-account', '/coinbase'],
    ['pending-discord', '/discord'],
    ['pending-tos', '/tos'],
    ['active', '/dashboard'],
  ] as const)('%s goes to %s', (status, destination) => {
    expect(statusHome(status)).toBe(destination);
  });

  it('sends an active account to its last stored page, but never to a non-account page', () => {
    expect(statusHome('active', '/history')).toBe('/history');
    expect(statusHome('active', '/settings/billing')).toBe('/settings/billing');
    expect(statusHome('active', '/payment')).toBe('/dashboard');
    expect(statusHome('active', '/')).toBe('/dashboard');
  });
});

describe('resolveRoute', () => {
  it.each(['/', '/login', '/logout', '/terms-of-service', '/privacy-policy', '/support-public'])(
    '%s is open to everyone',
    (path) => {
      expect(resolveRoute(path, signedOut, launched)).toEqual({ allowed: true });
      for (const status of ACCOUNT_STATUSES)
        expect(resolveRoute(path, as(status), launched).allowed).toBe(true);
    },
  );

  it.each(['/launch', '/skill', '/plans', '/partner-stack'])(
    '%s is open to visitors and non-active accounts, not to active ones',
    (path) => {
      expect(resolveRoute(path, signedOut, launched).allowed).toBe(true);
      for (const status of ACCOUNT_STATUSES.filter((s) => s !== 'active')) {
        expect(resolveRoute(path, as(status), launched).allowed).toBe(true);
      }
      expect(resolveRoute(path, as('active'), launched)).toEqual({
        allowed: false,
        redirectTo: '/dashboard',
      });
    },
  );

  describe.each(onboardingScreens)('%s', (path, statuses) => {
    it('sends visitors to /login', () => {
      expect(resolveRoute(path, signedOut, launched)).toEqual({ allowed: false, redirectTo: '/login' });
    });

    it.each(ACCOUNT_STATUSES.map((status) => [status]))('decides for %s', (status) => {
      const decision = resolveRoute(path, as(status), launched);
      if (statuses.includes(status)) expect(decision).toEqual({ allowed: true });
      else expect(decision).toEqual({ allowed: false, redirectTo: statusHome(status) });
    });
  });

  describe.each(accountArea.map((path) => [path]))('%s', (path) => {
    it('is open to active accounts only', () => {
      expect(resolveRoute(path, as('active'), launched)).toEqual({ allowed: true });
      expect(resolveRoute(path, signedOut, launched)).toEqual({ allowed: false, redirectTo: '/login' });
      for (const status of ACCOUNT_STATUSES.filter((s) => s !== 'active')) {
        expect(resolveRoute(path, as(status), launched)).toEqual({
          allowed: false,
          redirectTo: statusHome(status),
        });
      }
    });
  });

  it('opens /admin to active owners only', () => {
    for (const path of ['/admin', '/admin/users', '/admin/charts', '/admin/payouts']) {
      expect(resolveRoute(path, as('active', 'owner'), launched)).toEqual({ allowed: true });
      expect(resolveRoute(path, as('active'), launched)).toEqual({
        allowed: false,
        redirectTo: '/dashboard',
      });
      expect(resolveRoute(path, as('pending-tos', 'owner'), launched)).toEqual({
        allowed: false,
        redirectTo: '/tos',
      });
      expect(resolveRoute(path, signedOut, launched)).toEqual({ allowed: false, redirectTo: '/login' });
    }
  });

  it('keeps active accounts on /launch until launch, and lets owners in', () => {
    const before = { launched: false, lastPage: null };
    expect(resolveRoute('/dashboard', as('active'), before)).toEqual({
      allowed: false,
      redirectTo: '/launch',
    });
    expect(resolveRoute('/launch', as('active'), before)).toEqual({ allowed: true });
    expect(resolveRoute('/dashboard', as('active', 'owner'), before)).toEqual({ allowed: true });
    expect(resolveRoute('/tos', as('pending-tos'), before)).toEqual({ allowed: true });
  });

  it('sends unknown paths to /', () => {
    expect(resolveRoute('/nope', as('active'), launched)).toEqual({ allowed: false, redirectTo: '/' });
  });

  it('ignores a trailing slash', () => {
    expect(resolveRoute('/dashboard/', as('active'), launched)).toEqual({ allowed: true });
  });
});

describe('rootDestination', () => {
  it('shows the landing page to visitors', () => {
    expect(rootDestination(signedOut, launched)).toBeNull();
  });

  it.each(ACCOUNT_STATUSES.map((status) => [status]))('sends %s to its status screen', (status) => {
    expect(rootDestination(as(status), launched)).toBe(statusHome(status));
  });

  it('sends an active account to the last stored page, else /dashboard', () => {
    expect(rootDestination(as('active'), { launched: true, lastPage: '/stats' })).toBe('/stats');
    expect(rootDestination(as('active'), { launched: true, lastPage: null })).toBe('/dashboard');
  });

  it('sends an active account to /launch before launch; onboarding continues', () => {
    expect(rootDestination(as('active'), { launched: false, lastPage: '/stats' })).toBe('/launch');
    expect(rootDestination(as('pending-keys'), { launched: false, lastPage: null })).toBe('/keys');
    expect(rootDestination(as('active', 'owner'), { launched: false, lastPage: null })).toBe('/dashboard');
  });
});
