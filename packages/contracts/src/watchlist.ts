import { z } from 'zod/mini';
import { ZCoin } from './coins.ts';
import { text } from './text.ts';

const queryFlag = z.pipe(
  z.enum(['true', 'false']),
  z.transform((value) => value === 'true'),
);

/** POST /api/v1/watchlist-items (docs/product.md §7). A second create for the same coin answers the existing item. */
export const ZCreateWatchlistItemBody = z.strictObject({
  accountId: z.uuid(),
  coinId: z.uuid(),
  coinSymbol: text().check(z.trim(), z.minLength(1), z.maxLength(40)),
});
export type TCreateWatchlistItemBody = z.infer<typeof ZCreateWatchlistItemBody>;

export const ZWatchlistItem = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  coinId: z.uuid(),
  coinSymbol: z.string(),
  createdAt: z.iso.datetime(),
  coin: z.optional(ZCoin),
});
export type TWatchlistItem = z.infer<typeof ZWatchlistItem>;

export const ZListWatchlistItemsQuery = z.strictObject({
  accountId: z.uuid(),
  includeTotal: z.optional(queryFlag),
  withCoin: z.optional(queryFlag),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 200),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
});
export type TListWatchlistItemsQuery = z.infer<typeof ZListWatchlistItemsQuery>;

/** Newest first. `total` only when includeTotal=true. */
export const ZWatchlistItemList = z.object({
  watchListItems: z.array(ZWatchlistItem),
  total: z.optional(z.int()),
});
export type TWatchlistItemList = z.infer<typeof ZWatchlistItemList>;

export const ZWatchlistItemParams = z.strictObject({ id: z.uuid() });
