import type { TRuntimeConfig } from '@cdca/contracts';

/** The part of oidc-client-ts's stored user the app reads: the token, its expiry and the subject. */
export type SessionUser = {
  access_token: string;
  /** Seconds since the epoch, as oidc-client-ts stores it; absent when the provider gave no lifetime. */
  expires_at?: number;
  profile: { sub: string };
};

type AuthSettings = TRuntimeConfig['auth'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Where oidc-client-ts keeps the signed-in user with the app's settings (auth-config.ts: WebStorageStateStore). */
export const storedUserKey = (auth: Pick<AuthSettings, 'authority' | 'clientId'>): string =>
  `oidc.user:${auth.authority}:${auth.clientId}`;

/** The user oidc-client-ts stored, read without loading it; undefined when absent, damaged or refused. */
export const readStoredUser = (
  storage: Pick<Storage, 'getItem'> | undefined,
  key: string,
): SessionUser | undefined => {
  try {
    const user: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
    if (!isRecord(user) || !isRecord(user.profile)) return undefined;
    const { access_token: token, expires_at: expiresAt } = user;
    const { sub } = user.profile;
    if (typeof token !== 'string' || typeof sub !== 'string') return undefined;
    if (expiresAt !== undefined && typeof expiresAt !== 'number') return undefined;
    return {
      access_token: token,
      profile: { sub },
      ...(expiresAt === undefined ? {} : { expires_at: expiresAt }),
    };
  } catch {
    return undefined;
  }
};

/** oidc-client-ts's `User.expired`: unknown lifetime never expires. */
export const isExpired = (user: SessionUser, nowSeconds: number): boolean =>
  user.expires_at !== undefined && user.expires_at <= nowSeconds;

/** True when the address carries an OIDC redirect answer (code or error, with state). */
export const hasAuthCallbackParams = (location: Pick<Location, 'search' | 'hash'>): boolean => {
  const params = new URLSearchParams(location.search);
  return (params.has('code') || params.has('error')) && params.has('state');
};
