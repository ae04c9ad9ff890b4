import { COMMON_PASSWORD_STEMS, COMMON_PASSWORDS } from './common-passwords.ts';

export const PASSWORD_MIN_LENGTH = 10;
/** scrypt cost grows with input; nobody types more than this. */
export const PASSWORD_MAX_LENGTH = 256;

const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;
const SYMBOL = /[^\p{L}\p{N}]/u;

/** Every reason a password is refused, in words the sign-up form shows as they are. Empty = acceptable. */
export const passwordProblems = (password: string, email: string): string[] => {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    problems.push(`Use at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    problems.push(`Use at most ${PASSWORD_MAX_LENGTH} characters.`);
  }
  if (isCommon(password)) {
    problems.push('This password is too common. Choose one that is harder to guess.');
  }
  const localPart = email.split('@')[0]?.toLowerCase() ?? '';
  // A one- or two-letter local part would forbid half the alphabet; three is where it starts to mean the name.
  if (localPart.length >= 3 && password.toLowerCase().includes(localPart)) {
    problems.push('Do not use your e-mail address in your password.');
  }
  const kinds = [LETTER, DIGIT, SYMBOL].filter((kind) => kind.test(password)).length;
  if (kinds < 2) {
    problems.push('Mix at least two of: letters, digits, symbols.');
  }
  return problems;
};

const isCommon = (password: string): boolean => {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  const stem = lower.replace(/[^\p{L}]+$/u, '').replace(/^[^\p{L}]+/u, '');
  if (COMMON_PASSWORD_STEMS.has(stem)) return true;
  // "passwordpassword", "qwertyqwerty": a common word said twice is still a common word.
  const half = stem.slice(0, stem.length / 2);
  return stem.length % 2 === 0 && half.repeat(2) === stem && COMMON_PASSWORD_STEMS.has(half);
};
