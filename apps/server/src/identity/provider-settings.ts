/**
 * What the embedded provider grants and for how long, apart from the provider itself: the key rotation and the
 * sign-in pages read these without loading oidc-provider, which is loaded on first use (docs/decisions/memory.md).
 */

/** Everything our own SPA gets, without a consent screen: it is the product, not a third party. */
export const FIRST_PARTY_SCOPE = 'openid email offline_access';
export const FIRST_PARTY_CLAIMS = ['email', 'email_verified'];

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/** Token lifetimes in seconds; the signing-key rotation keeps a retired key until its tokens have expired. */
export const TOKEN_TTL = {
  AccessToken: 15 * MINUTE,
  AuthorizationCode: MINUTE,
  IdToken: 15 * MINUTE,
  Interaction: 60 * MINUTE,
  // Slides: every visit to /oidc/auth (sign-in, silent renew) starts another 14 days.
  Session: 14 * DAY,
  // Each rotation gets a fresh 30 days, but refresh tokens die with the session (see expiresWithSession).
  RefreshToken: 30 * DAY,
  // Refresh tokens need their grant; give it room beyond a long-lived sliding session.
  Grant: 90 * DAY,
} as const;
