import type { TExchangeKeySummary } from '@cdca/contracts';
import type { ExchangeKeyRow } from './exchange-keys.repository.ts';

/** The public face of a stored key: never the key, only the last 4 characters of its name. */
export const toExchangeKeySummary = (row: ExchangeKeyRow): TExchangeKeySummary => ({
  id: row.id,
  exchange: row.exchange,
  keyNameHint: row.keyNameHint,
  permissions: { canView: row.canView, canTrade: row.canTrade, canTransfer: row.canTransfer },
  portfolioId: row.portfolioId,
  portfolioName: row.portfolioName,
  addedAt: row.createdAt.toISOString(),
  verifiedAt: row.verifiedAt.toISOString(),
});
