import { z } from 'zod';
import { ZCoin } from './coins.ts';
import { text } from './text.ts';

const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** POST /api/v1/watchlist-items (docs/product.md §7). A second create for the same coin answers the existing item. */
export const ZCreateWatchlistItemBody = z.strictObject({
  accountId: z.uuid(),
  coinId: z.uuid(),
  coinSymbol: text().trim().min(1).max(40),
});
export type TCreateWatchlistItemBody = z.infer<typeof ZCreateWatchlistItemBody>;

export const ZWatchlistItem = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  coinId: z.uuid(),
  coinSymbol: z.string(),
  createdAt: z.iso.datetime(),
  coin: ZCoin.optional(),
});
export type TWatchlistItem = z.infer<typeof ZWatchlistItem>;

export const ZListWatchlistItemsQuery = z.strictObject({
  accountId: z.uuid(),
  includeTotal: queryFlag.optional(),
  withCoin: queryFlag.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TListWatchlistItemsQuery = z.infer<typeof ZListWatchlistItemsQuery>;

/** Newest first. `total` only when includeTotal=true. */
export const ZWatchlistItemList = z.object({
  watchListItems: z.array(ZWatchlistItem),
  total: z.number().int().optional(),
});
export type TWatchlistItemList = z.infer<typeof ZWatchlistItemList>;

export const ZWatchlistItemParams = z.strictObject({ id: z.uuid() });
