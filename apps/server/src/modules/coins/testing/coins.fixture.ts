import type { Db } from '../../../db/client.ts';
import { coins } from '../coins.schema.ts';

/** A listed coin written straight to the catalogue, for tests that read coins without a market sync. */
export const insertCoin = async (db: Db, symbol: string, price: string) => {
  const [row] = await db
    .insert(coins)
    .values({
      symbol,
      baseSymbol: symbol.split('-')[0] ?? symbol,
      name: symbol,
      photo: '',
      price,
      change24h: '0',
      volume24h: '0',
      status: 'online',
    })
    .returning();
  if (!row) throw new Error('coin insert returned nothing');
  return row;
};
