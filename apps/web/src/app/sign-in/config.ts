import type { TRuntimeConfig } from '@cdca/contracts';

/** The part of the runtime config the sign-in page uses. */
export type SignInConfig = Pick<TRuntimeConfig, 'auth' | 'launchDeal' | 'launchReferralCode'>;

const PROVIDERS: readonly SignInConfig['auth']['provider'][] = ['embedded', 'auth0', 'oidc'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isProvider = (value: unknown): value is SignInConfig['auth']['provider'] =>
  typeof value === 'string' && (PROVIDERS as readonly string[]).includes(value);

/**
 * Checks the fields the sign-in page reads, by hand, as the public site does (app/public/config.tsx): the page
 * stays free of zod. Null when anything is missing or mistyped; the account app then parses the whole config.
 */
export const readSignInConfig = (value: unknown): SignInConfig | null => {
  if (!isRecord(value) || !isRecord(value.auth)) return null;
  const { launchDeal, launchReferralCode } = value;
  const { provider, authority, clientId, audience } = value.auth;
  if (!isProvider(provider)) return null;
  if (typeof authority !== 'string' || typeof clientId !== 'string' || typeof audience !== 'string')
    return null;
  if (typeof launchDeal !== 'boolean' || typeof launchReferralCode !== 'string') return null;
  return { auth: { provider, authority, clientId, audience }, launchDeal, launchReferralCode };
};
