import type { Db } from '../db/client.ts';
import { isValidEmail, normalizeEmail } from './email.ts';
import { findIdentityByEmail, type Identity, insertIdentity } from './identities.repository.ts';
import { hashPassword } from './password-hash.ts';
import { passwordProblems } from './password-policy.ts';

export type CreateIdentityResult =
  | { ok: true; identity: Identity }
  | {
      ok: false;
      reason: 'invalid-email' | 'weak-password' | 'email-taken';
      message: string;
      problems: string[];
    };

/** Never shown on the page: a taken e-mail is answered as a sign-in (docs/decisions/sign-in-throttling.md). */
export const EMAIL_TAKEN_MESSAGE = 'An account with this e-mail already exists — sign in instead.';
export const INVALID_EMAIL_MESSAGE = 'Enter a valid e-mail address, like name@example.com.';

type FormRefusal = Extract<CreateIdentityResult, { ok: false }>;

/** What is wrong with a sign-up form on its face (no database look-up), or undefined when it may go ahead. */
export const signUpFormProblem = (input: { email: string; password: string }): FormRefusal | undefined => {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) {
    return { ok: false, reason: 'invalid-email', message: INVALID_EMAIL_MESSAGE, problems: [] };
  }
  const problems = passwordProblems(input.password, email);
  if (problems.length > 0) {
    return { ok: false, reason: 'weak-password', message: 'Choose a stronger password.', problems };
  }
  return undefined;
};

/** Sign-up: a valid, unused e-mail and a password that passes the policy become an identity (the OpenID subject). */
export const createIdentity = async (
  db: Db,
  input: { email: string; password: string },
): Promise<CreateIdentityResult> => {
  const problem = signUpFormProblem(input);
  if (problem) return problem;
  const email = normalizeEmail(input.email);
  // Checked first so a taken e-mail does not cost a scrypt hash; the insert below still settles races.
  if (await findIdentityByEmail(db, email)) {
    return { ok: false, reason: 'email-taken', message: EMAIL_TAKEN_MESSAGE, problems: [] };
  }
  const identity = await insertIdentity(db, { email, passwordHash: await hashPassword(input.password) });
  if (!identity) return { ok: false, reason: 'email-taken', message: EMAIL_TAKEN_MESSAGE, problems: [] };
  return { ok: true, identity };
};
