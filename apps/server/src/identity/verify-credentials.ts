import type { Db } from '../db/client.ts';
import { normalizeEmail } from './email.ts';
import { findIdentityByEmail, type Identity } from './identities.repository.ts';
import { decoyHash, verifyPassword } from './password-hash.ts';

/** One message for an unknown e-mail and a wrong password, so the form does not reveal who has an account. */
export const WRONG_CREDENTIALS_MESSAGE = 'That e-mail and password do not match. Check both and try again.';

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
