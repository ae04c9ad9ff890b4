import { createHash } from 'node:crypto';

/**
 * The stored key for an e-mail, an address or an account: a hash, so the `rate_limits` table can count attempts
 * without keeping who tried from where (like the support form's sender hash).
 */
export const limitKey = (...parts: string[]): string =>
  createHash('sha256').update(parts.join('\n')).digest('base64url');
