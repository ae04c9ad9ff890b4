import { ErrorResponse } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { endsSession, identityErrorMessage, isTokenRenewalError } from './identity-error.ts';

const withSource = (error: Error, source: string) => Object.assign(error, { source });

describe('identity errors', () => {
  it("default to 'Login failed' for signing in and 'Get access token failed' for renewing a token", () => {
    expect(identityErrorMessage(withSource(new Error(''), 'signinRedirect'))).toBe('Login failed');
    expect(identityErrorMessage(withSource(new Error(''), 'signinCallback'))).toBe('Login failed');
    expect(identityErrorMessage(withSource(new Error(''), 'renewSilent'))).toBe('Get access token failed');
    expect(identityErrorMessage(withSource(new Error(''), 'signinSilent'))).toBe('Get access token failed');
    expect(identityErrorMessage(new Error(''))).toBe('Login failed');
  });

  it("use the provider's description, then the error's message, when there is one", () => {
    const described = new ErrorResponse({ error: 'access_denied', error_description: 'The user said no.' });
    expect(identityErrorMessage(described)).toBe('The user said no.');
    expect(identityErrorMessage(withSource(new Error('Frame window timed out'), 'renewSilent'))).toBe(
      'Frame window timed out',
    );
  });

  it('end the session on login_required only; other renewal failures are reported', () => {
    const loginRequired = withSource(new ErrorResponse({ error: 'login_required' }), 'renewSilent');
    expect(endsSession(loginRequired)).toBe(true);
    expect(isTokenRenewalError(loginRequired)).toBe(false);
    expect(isTokenRenewalError(withSource(new Error('timeout'), 'renewSilent'))).toBe(true);
    expect(isTokenRenewalError(withSource(new Error('timeout'), 'signinRedirect'))).toBe(false);
  });
});
