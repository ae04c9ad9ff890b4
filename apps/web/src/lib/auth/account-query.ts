import { type TAccount, ZAccount } from '@cdca/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../http/api-client.ts';
import { readString } from '../storage/storage.ts';

export const accountQueryKey = (userId: string) => ['account', userId] as const;

/**
 * Posts the product's authorize call with the fresh access token (docs/product.md §4 sign-in flow step 3).
 * It creates the account on first sign-in and answers the account either way.
 */
export const authorizeAccount = (token: string): Promise<TAccount> => {
  const signupReferralCode = readString('referralCode') ?? undefined;
  return apiRequest('/api/v1/authorize', {
    method: 'POST',
    token,
    body: { token, ...(signupReferralCode ? { signupReferralCode } : {}) },
    schema: ZAccount,
  });
};

export const getAccount = (userId: string): Promise<TAccount> =>
  apiRequest(`/api/v1/accounts/${encodeURIComponent(userId)}`, { schema: ZAccount });

/** Replaces the stored account, as a mutation answer or an `account.updated` event does. */
export const setCachedAccount = (queryClient: QueryClient, account: TAccount): void => {
  queryClient.setQueryData(accountQueryKey(account.userId), account);
};
