import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Auth, AuthProvider, useAuth } from './auth-provider.tsx';
import { readStoredUser, storedUserKey } from './stored-user.ts';

/** A stand-in for oidc-client-ts's UserManager, created only when the provider loads auth-config.ts. */
const fake = vi.hoisted(() => {
  type Handler = (value?: unknown) => void;
  const handlers: Record<string, Handler[]> = {};
  const on = (name: string) => (handler: Handler) => {
    handlers[name] = [...(handlers[name] ?? []), handler];
    return () => undefined;
  };
  const manager = {
    events: {
      addUserLoaded: on('userLoaded'),
      addUserUnloaded: on('userUnloaded'),
      addUserSignedOut: on('userSignedOut'),
      addSilentRenewError: on('silentRenewError'),
    },
    signinCallback: vi.fn(),
    getUser: vi.fn(),
    signinRedirect: vi.fn(),
    signinSilent: vi.fn(),
    signoutRedirect: vi.fn(),
    removeUser: vi.fn(),
  };
  const raise = (name: string, value?: unknown) => {
    for (const handler of handlers[name] ?? []) handler(value);
  };
  const reset = () => {
    for (const name of Object.keys(handlers)) delete handlers[name];
  };
  return { manager, created: vi.fn(() => manager), raise, reset };
});

vi.mock('./auth-config.ts', () => ({ createUserManager: fake.created }));

const settings = {
  provider: 'embedded' as const,
  authority: 'https://id.example/oidc',
  clientId: 'cdca-web',
  audience: 'https://api',
};
const key = storedUserKey(settings);
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const stored = (expiresAt: number) => ({
  id_token: 'id',
  access_token: 'token-1',
  refresh_token: 'refresh',
  token_type: 'Bearer',
  profile: { sub: 'user-1', email: 'a@b.c' },
  expires_at: expiresAt,
});

let seen: Auth | undefined;
const Probe = () => {
  seen = useAuth();
  return <p>{seen.isAuthenticated ? `in as ${seen.user?.profile.sub}` : 'out'}</p>;
};
const renderProvider = () =>
  render(
    <AuthProvider settings={settings}>
      <Probe />
    </AuthProvider>,
  );

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState({}, '', '/dashboard');
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
  fake.reset();
  seen = undefined;
});

describe('readStoredUser', () => {
  it('reads the token, its expiry and the subject, and nothing from a damaged entry', () => {
    localStorage.setItem(key, JSON.stringify(stored(100)));
    expect(readStoredUser(localStorage, key)).toEqual({
      access_token: 'token-1',
      profile: { sub: 'user-1' },
      expires_at: 100,
    });
    localStorage.setItem(key, '{not json');
    expect(readStoredUser(localStorage, key)).toBeUndefined();
    localStorage.setItem(key, JSON.stringify({ access_token: 'x' }));
    expect(readStoredUser(localStorage, key)).toBeUndefined();
    expect(readStoredUser(undefined, key)).toBeUndefined();
  });
});

describe('AuthProvider', () => {
  it('signs a stored session in on the first render without loading oidc-client-ts', () => {
    localStorage.setItem(key, JSON.stringify(stored(inAnHour())));
    renderProvider();
    expect(screen.getByText('in as user-1')).toBeTruthy();
    expect(seen?.isLoading).toBe(false);
    expect(seen?.user?.access_token).toBe('token-1');
    expect(fake.created).not.toHaveBeenCalled();
  });

  it('treats an expired stored token as signed out, and no stored user as signed out', () => {
    localStorage.setItem(key, JSON.stringify(stored(Math.floor(Date.now() / 1000) - 5)));
    const { unmount } = renderProvider();
    expect(screen.getByText('out')).toBeTruthy();
    unmount();
    localStorage.clear();
    renderProvider();
    expect(seen?.isAuthenticated).toBe(false);
    expect(seen?.isLoading).toBe(false);
    expect(fake.created).not.toHaveBeenCalled();
  });

  it('loads oidc-client-ts two minutes before the token lapses, and follows its renewals', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    localStorage.setItem(key, JSON.stringify(stored(inAnHour())));
    renderProvider();
    await act(async () => vi.advanceTimersByTime(57 * 60_000));
    expect(fake.created).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(60_000 + 1000));
    expect(fake.created).toHaveBeenCalledTimes(1);
    act(() => fake.raise('userLoaded', { ...stored(inAnHour() + 900), access_token: 'token-2' }));
    expect(seen?.user?.access_token).toBe('token-2');
  });

  it('exchanges the provider answer on /login and drops it from the address', async () => {
    window.history.replaceState({}, '', '/login?code=abc&state=xyz');
    fake.manager.signinCallback.mockResolvedValue(stored(inAnHour()));
    renderProvider();
    expect(seen?.isLoading).toBe(true);
    await waitFor(() => expect(screen.getByText('in as user-1')).toBeTruthy());
    expect(window.location.search).toBe('');
    expect(window.location.pathname).toBe('/login');
  });

  it('keeps a failed answer as the error, with what failed, as react-oidc-context did', async () => {
    window.history.replaceState({}, '', '/login?error=access_denied&state=xyz');
    fake.manager.signinCallback.mockRejectedValue(new Error('The user said no.'));
    renderProvider();
    await waitFor(() => expect(seen?.error?.message).toBe('The user said no.'));
    expect(seen?.error?.source).toBe('signinCallback');
    expect(seen?.isLoading).toBe(false);
  });

  it('runs a navigation through oidc-client-ts, never throwing: a failure becomes the error', async () => {
    localStorage.setItem(key, JSON.stringify(stored(inAnHour())));
    fake.manager.signoutRedirect.mockRejectedValue(new Error('no end-session endpoint'));
    renderProvider();
    await act(async () => seen?.signoutRedirect());
    expect(fake.manager.signoutRedirect).toHaveBeenCalledTimes(1);
    expect(seen?.error).toMatchObject({ message: 'no end-session endpoint', source: 'signoutRedirect' });
    expect(seen?.activeNavigator).toBeUndefined();
    act(() => fake.raise('silentRenewError', new Error('timeout')));
    expect(seen?.error?.source).toBe('renewSilent');
    act(() => fake.raise('userUnloaded'));
    expect(seen?.isAuthenticated).toBe(false);
  });
});
