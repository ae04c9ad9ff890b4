import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { UserManager } from 'oidc-client-ts';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readString } from '@/lib/storage/storage.ts';
import { startSignIn } from './app.tsx';
import { readSignInConfig } from './config.ts';

const auth = {
  provider: 'embedded',
  authority: 'https://id.example/oidc',
  clientId: 'cdca-web',
  audience: 'https://api',
};
const served = { productName: 'CDCA', auth, launchDeal: false, launchReferralCode: 'LAUNCH', launched: true };

describe('readSignInConfig', () => {
  it('keeps what the sign-in page reads, and refuses a config without a usable identity provider', () => {
    expect(readSignInConfig(served)).toEqual({ auth, launchDeal: false, launchReferralCode: 'LAUNCH' });
    expect(readSignInConfig({ ...served, auth: { ...auth, provider: 'saml' } })).toBeNull();
    expect(readSignInConfig({ ...served, auth: { ...auth, clientId: 7 } })).toBeNull();
    expect(readSignInConfig({ ...served, launchDeal: 'no' })).toBeNull();
    expect(readSignInConfig(undefined)).toBeNull();
  });
});

describe('startSignIn', () => {
  let root: Root;
  let container: HTMLElement;

  const embed = (config: unknown) => {
    const script = document.createElement('script');
    script.id = 'cdca-config';
    script.type = 'application/json';
    script.textContent = JSON.stringify(config);
    document.head.append(script);
  };

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    document.getElementById('cdca-config')?.remove();
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  it('sends a visitor from a guarded page to the provider, remembering the page and showing /login', async () => {
    embed(served);
    const redirect = vi.spyOn(UserManager.prototype, 'signinRedirect').mockResolvedValue(undefined);
    window.history.replaceState(null, '', '/history?tab=closed');
    await act(async () => expect(startSignIn(root, '/history')).toBe(true));
    expect(window.location.pathname).toBe('/login');
    expect(window.location.search).toBe('');
    expect(readString('lastPage')).toBe('/history');
    expect(screen.getByRole('heading', { name: 'Taking you to sign in' })).toBeTruthy();
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledWith(undefined);
  });

  it('opens the sign-up form with ?signup=1 and keeps the referral code of ?rc', async () => {
    embed(served);
    const redirect = vi.spyOn(UserManager.prototype, 'signinRedirect').mockResolvedValue(undefined);
    window.history.replaceState(null, '', '/login?signup=1&rc=FRIEND');
    await act(async () => expect(startSignIn(root, null)).toBe(true));
    expect(redirect).toHaveBeenCalledWith({
      extraQueryParams: { resource: 'https://api', screen_hint: 'signup' },
    });
    expect(readString('referralCode')).toBe('FRIEND');
    expect(readString('lastPage')).toBeNull();
  });

  it('says why sign-in could not start, and tries again on request', async () => {
    embed({ ...served, launchDeal: true });
    const redirect = vi
      .spyOn(UserManager.prototype, 'signinRedirect')
      .mockRejectedValueOnce(new Error('The identity provider did not answer.'))
      .mockResolvedValueOnce(undefined);
    window.history.replaceState(null, '', '/login?rc=FRIEND');
    await act(async () => expect(startSignIn(root, null)).toBe(true));
    await screen.findByRole('heading', { name: 'Login failed' });
    expect(screen.getByText('The identity provider did not answer.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    // The launch deal's code wins over the link's, as on the account app's /login.
    expect(readString('referralCode')).toBe('LAUNCH');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledTimes(2));
    await screen.findByRole('heading', { name: 'Taking you to sign in' });
  });

  it('leaves /login to the account app when the page holds no config', () => {
    expect(startSignIn(root, '/history')).toBe(false);
    expect(window.location.pathname).toBe('/');
    expect(readString('lastPage')).toBeNull();
  });
});
