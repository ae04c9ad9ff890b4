import { createHash } from 'node:crypto';

/**
 * 'trader-7f3a9c': the first 24 bits of SHA-256 over the account id, under a prefix of its own. Stable for the
 * account, not reversible (the id is a random UUID, never shown to other traders), and no part of the e-mail or
 * name goes in (docs/decisions/rank-tiers.md, leaderboard privacy).
 */
export const anonymousHandle = (accountId: string): string =>
  `trader-${createHash('sha256').update(`cdca-leaderboard:${accountId}`).digest('hex').slice(0, 6)}`;
