import { useEffect } from 'react';
import { useAuth } from '@/lib/auth/auth-provider.tsx';
import { endsSession, identityErrorMessage, isTokenRenewalError } from '@/lib/auth/identity-error.ts';
import { setAccessTokenGetter } from '@/lib/http/api-client.ts';
import { logger } from '@/lib/logger.ts';
import { toast } from '@/lib/toast.ts';

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
    if (endsSession(error)) void auth.removeUser();
    // Any other failed renewal: the session goes on until its token lapses, so the trader is told now.
    else if (isTokenRenewalError(error))
      toast.error(identityErrorMessage(error), { toastId: 'token-renewal-failed' });
  }, [auth.error, auth.removeUser]);

  return null;
};
