/** docs/product.md §8: what the trader reads when the identity provider gives no description. */
export const LOGIN_FAILED = 'Login failed';
export const TOKEN_FAILED = 'Get access token failed';

/** Sources of the auth layer's errors that were about getting a token for an existing session (auth-provider.tsx). */
const TOKEN_SOURCES = new Set(['renewSilent', 'signinSilent']);

/** The provider's own answer: oidc-client-ts's ErrorResponse. */
type ProviderError = Error & { error: string; error_description?: string | null };

/**
 * Recognised by the marker oidc-client-ts sets ("Marker to detect class") rather than by `instanceof`, so this
 * module — on every signed-in first paint — does not load oidc-client-ts (docs/decisions/code-splitting.md).
 */
const isProviderError = (error: Error): error is ProviderError =>
  error.name === 'ErrorResponse' && typeof (error as Partial<ProviderError>).error === 'string';

/**
 * The sentence for an identity error: the provider's own description when it gave one, else the error's message,
 * else the default for what failed — signing in, or renewing the access token.
 */
export const identityErrorMessage = (error: Error & { source?: string }): string => {
  const fallback = error.source && TOKEN_SOURCES.has(error.source) ? TOKEN_FAILED : LOGIN_FAILED;
  if (isProviderError(error)) return error.error_description || error.message || fallback;
  return error.message || fallback;
};

/** A silent renewal that needs the person back at the provider ends the session (docs/product.md §4 step 6). */
export const endsSession = (error: Error): boolean =>
  isProviderError(error) && error.error === 'login_required';

/** Failures to renew the access token of a session that goes on; the trader should hear of them. */
export const isTokenRenewalError = (error: Error & { source?: string }): boolean =>
  Boolean(error.source && TOKEN_SOURCES.has(error.source)) && !endsSession(error);
