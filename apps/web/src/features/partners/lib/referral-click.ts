/**
 * Counts one landing visit through `?rc=` without holding the page up: a beacon the browser sends in the
 * background, and nothing waits for its answer (docs/decisions/partner-programme.md). A browser without
 * sendBeacon simply counts nothing.
 */
export const sendReferralClick = (code: string): void => {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  const body = new Blob([JSON.stringify({ code: code.slice(0, 64) })], { type: 'application/json' });
  navigator.sendBeacon('/api/v1/partners/clicks', body);
};
