import type { Db } from '../db/client.ts';
import type { SignInThrottle, Throttled } from '../lib/rate-limits/sign-in-throttle.ts';
import { normalizeEmail } from './email.ts';
import { findIdentityByEmail, type Identity } from './identities.repository.ts';
import { decoyHash, verifyPassword } from './password-hash.ts';

/** One message for an unknown e-mail and a wrong password, so the form does not reveal who has an account. */
export const CREDENTIALS_DO_NOT_MATCH = 'That e-mail and password do not match.';
export const WRONG_CREDENTIALS_MESSAGE = `${CREDENTIALS_DO_NOT_MATCH} Check both and try again.`;

export const verifyCredentials = async (
  db: Db,
  input: { email: string; password: string },
): Promise<Identity | undefined> => {
  const email = normalizeEmail(input.email);
  if (!email || !input.password) return undefined;
  const identity = await findIdentityByEmail(db, email);
  // Hash anyway on a miss: a fast "no such e-mail" answer would reveal the same thing by timing.
  const matches = await verifyPassword(input.password, identity?.passwordHash ?? (await decoyHash()));
  return identity && matches ? identity : undefined;
};

export type SignInOutcome =
  | { ok: true; identity: Identity }
  /** `checked: false`: refused by the throttle before any password was looked at. */
  | { ok: false; checked: boolean; throttled: Throttled | undefined };

/**
 * A password check behind the brute-force throttle (docs/decisions/sign-in-throttling.md): a throttled e-mail or
 * address is refused without looking at the password, so even the right one fails until the time is up. An empty
 * field is no guess and counts for nothing.
 */
export const verifyCredentialsThrottled = async (
  db: Db,
  throttle: SignInThrottle,
  input: { email: string; password: string; ip: string },
): Promise<SignInOutcome> => {
  const email = normalizeEmail(input.email);
  if (!email || !input.password) return { ok: false, checked: true, throttled: undefined };
  const begun = await throttle.begin(email, input.ip);
  if (!begun.ok) return { ok: false, checked: false, throttled: begun.throttled };
  const identity = await verifyCredentials(db, input);
  if (identity) {
    await begun.attempt.succeeded();
    return { ok: true, identity };
  }
  return { ok: false, checked: true, throttled: await begun.attempt.failed() };
};
