import type { TCoin } from '@cdca/contracts';
import type { coins } from './coins.schema.ts';

export type CoinRow = typeof coins.$inferSelect;

export const toCoinDto = (row: CoinRow): TCoin => ({
  id: row.id,
  symbol: row.symbol,
  baseSymbol: row.baseSymbol,
  name: row.name,
  photo: row.photo,
  rank: row.rank,
  price: row.price,
  change24h: row.change24h,
  volume24h: row.volume24h,
  status: row.status,
  updatedAt: row.updatedAt.toISOString(),
});
