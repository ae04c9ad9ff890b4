import { ErrorResponse } from 'oidc-client-ts';
import { useEffect } from 'react';
import { useAuth } from 'react-oidc-context';
import { setAccessTokenGetter } from '@/lib/http/api-client.ts';
import { logger } from '@/lib/logger.ts';

/** Hands the current access token to the http client, and signs out when the provider says login_required. */
export const AuthBridge = () => {
  const auth = useAuth();
  const token = auth.user?.access_token;

  useEffect(() => {
    setAccessTokenGetter(() => token);
  }, [token]);

  useEffect(() => {
    const error = auth.error;
    if (!error) return;
    logger.warn('auth error', { message: error.message });
    // docs/product.md §4 step 6 / §8: a silent renewal that needs interaction means the session is over.
    if (error instanceof ErrorResponse && error.error === 'login_required') void auth.removeUser();
  }, [auth.error, auth.removeUser]);

  return null;
};
