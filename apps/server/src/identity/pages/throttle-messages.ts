import { tryAgainSentence } from '../../lib/rate-limits/retry-wording.ts';
import type { Throttled } from '../../lib/rate-limits/sign-in-throttle.ts';
import type { SignUpRefusal } from '../../lib/rate-limits/sign-up-throttle.ts';

const SIGN_IN_LEADS: Record<Throttled['reason'], string> = {
  delay: 'Too many failed sign-ins.',
  'email-locked':
    'Too many failed sign-ins for this e-mail, so signing in with it is paused for your security.',
  'ip-locked':
    'Too many failed sign-ins from your network, so signing in from it is paused for your security.',
};

/** What the sign-in form says while it refuses to check passwords: why, and when to come back. */
export const signInThrottledMessage = ({ reason, retryAfterSeconds, now }: Throttled): string =>
  `${SIGN_IN_LEADS[reason]} ${tryAgainSentence(retryAfterSeconds, now)}`;

export const signUpThrottledMessage = ({ retryAfterSeconds, now }: SignUpRefusal): string =>
  `Too many accounts were created from your network. ${tryAgainSentence(retryAfterSeconds, now)}`;
