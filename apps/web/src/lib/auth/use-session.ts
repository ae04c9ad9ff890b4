import type { TAccount } from '@cdca/contracts';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../http/api-error.ts';
import { accountQueryKey, authorizeAccount } from './account-query.ts';
import { useAuth } from './auth-provider.tsx';

export type Session =
  | { state: 'loading' }
  | { state: 'signed-out'; error: Error | undefined }
  /** The staging allow-list refused this e-mail (docs/product.md §8 email-not-allowed-in-staging). */
  | { state: 'denied' }
  | { state: 'error'; error: Error; retry: () => void }
  | { state: 'ready'; account: TAccount; userId: string; accessToken: string };

/** Login state plus the product account: everything a guard needs to decide where the user belongs. */
export const useSession = (): Session => {
  const auth = useAuth();
  const userId = auth.user?.profile.sub;
  const accessToken = auth.user?.access_token;
  const signedIn = auth.isAuthenticated && !!userId && !!accessToken;

  const account = useQuery({
    queryKey: accountQueryKey(userId ?? ''),
    queryFn: () => authorizeAccount(accessToken ?? ''),
    enabled: signedIn,
    // Later changes arrive as realtime events or mutation answers; re-authorizing on focus would be noise.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  if (auth.isLoading) return { state: 'loading' };
  if (!signedIn || !userId || !accessToken) return { state: 'signed-out', error: auth.error };
  if (account.data) return { state: 'ready', account: account.data, userId, accessToken };
  if (account.error) {
    if (isApiError(account.error, 'email-not-allowed-in-staging')) return { state: 'denied' };
    return { state: 'error', error: account.error, retry: () => void account.refetch() };
  }
  return { state: 'loading' };
};
