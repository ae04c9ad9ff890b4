import { z } from 'zod/mini';
import { ZAccount } from './account.ts';
import { text } from './text.ts';

export const ZExchangeName = z.enum(['paper', 'coinbase']);
export type TExchangeName = z.infer<typeof ZExchangeName>;

/**
 * POST /api/v1/exchange-keys: a Coinbase CDP key (name `organizations/{org}/apiKeys/{id}` or an Ed25519 key id)
 * and its private key (ECDSA PEM; Ed25519 PEM or base64 accepted). Checked live before it is stored.
 */
export const ZSubmitExchangeKeyBody = z.strictObject({
  keyName: text().check(z.trim(), z.minLength(1), z.maxLength(300)),
  privateKey: text().check(z.trim(), z.minLength(1), z.maxLength(10_000)),
});
export type TSubmitExchangeKeyBody = z.infer<typeof ZSubmitExchangeKeyBody>;

export const ZKeyPermissions = z.object({
  canView: z.boolean(),
  canTrade: z.boolean(),
  canTransfer: z.boolean(),
});
export type TKeyPermissions = z.infer<typeof ZKeyPermissions>;

/** What the product shows of a stored key: never the key itself, only the last 4 characters of its name. */
export const ZExchangeKeySummary = z.object({
  id: z.uuid(),
  exchange: ZExchangeName,
  /** '…ab12' */
  keyNameHint: z.string(),
  permissions: ZKeyPermissions,
  portfolioId: z.string(),
  portfolioName: z.string(),
  addedAt: z.iso.datetime(),
  verifiedAt: z.iso.datetime(),
});
export type TExchangeKeySummary = z.infer<typeof ZExchangeKeySummary>;

export const ZExchangeKeySubmitted = z.object({ key: ZExchangeKeySummary, account: ZAccount });
export type TExchangeKeySubmitted = z.infer<typeof ZExchangeKeySubmitted>;

/** GET /api/v1/exchange-account: the verified account the stored key belongs to. */
export const ZExchangeAccountSummary = z.object({
  exchange: ZExchangeName,
  portfolioId: z.string(),
  portfolioName: z.string(),
  usdAvailable: z.string(),
  usdcAvailable: z.string(),
  permissions: ZKeyPermissions,
});
export type TExchangeAccountSummary = z.infer<typeof ZExchangeAccountSummary>;

/** POST /api/v1/onboarding/coinbase-account: confirms the exchange account shown above. */
export const ZCompleteCoinbaseAccountStepBody = z.strictObject({});

/** POST /api/v1/paper/keys (paper exchange only): mint a paper key with the chosen permissions. */
export const ZMintPaperKeyBody = z.strictObject({
  canView: z.boolean(),
  canTrade: z.boolean(),
  canTransfer: z.boolean(),
});
export type TMintPaperKeyBody = z.infer<typeof ZMintPaperKeyBody>;

/** Shown once: the server keeps no copy until the key is submitted through POST /exchange-keys. */
export const ZMintedPaperKey = z.object({ keyName: z.string(), privateKey: z.string() });
export type TMintedPaperKey = z.infer<typeof ZMintedPaperKey>;
