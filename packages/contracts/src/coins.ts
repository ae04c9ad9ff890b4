import { z } from 'zod/mini';
import { ZDecimal } from './decimal.ts';
import { text } from './text.ts';

export const ZCoinStatus = z.enum(['online', 'offline', 'delisted']);
export type TCoinStatus = z.infer<typeof ZCoinStatus>;

export const ZCoin = z.object({
  id: z.uuid(),
  /** The product, e.g. 'SOL-USD'. */
  symbol: z.string(),
  /** 'SOL' */
  baseSymbol: z.string(),
  name: z.string(),
  /** Icon URL or data URI. */
  photo: z.string(),
  /** 1 = highest 24 h quote volume. */
  rank: z.nullable(z.int()),
  price: ZDecimal,
  /** Percent over 24 h, e.g. '-3.25'. */
  change24h: ZDecimal,
  /** Quote (USD) volume over 24 h. */
  volume24h: ZDecimal,
  status: ZCoinStatus,
  updatedAt: z.iso.datetime(),
});
export type TCoin = z.infer<typeof ZCoin>;

export const ZListCoinsQuery = z.strictObject({
  search: z.optional(text().check(z.trim(), z.maxLength(100))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
});
export type TListCoinsQuery = z.infer<typeof ZListCoinsQuery>;

export const ZCoinList = z.object({ coins: z.array(ZCoin), total: z.int() });
export type TCoinList = z.infer<typeof ZCoinList>;

export const ZCoinParams = z.strictObject({ id: z.uuid() });

export const ZCandleGranularity = z.enum([
  'ONE_MINUTE',
  'FIVE_MINUTE',
  'FIFTEEN_MINUTE',
  'THIRTY_MINUTE',
  'ONE_HOUR',
  'TWO_HOUR',
  'SIX_HOUR',
  'ONE_DAY',
]);
export type TCandleGranularity = z.infer<typeof ZCandleGranularity>;

/** start/end default to the last 300 candles of the granularity, the most Coinbase returns at once. */
export const ZCandlesQuery = z.strictObject({
  granularity: z._default(ZCandleGranularity, 'ONE_HOUR'),
  start: z.optional(z.iso.datetime({ offset: true })),
  end: z.optional(z.iso.datetime({ offset: true })),
});
export type TCandlesQuery = z.infer<typeof ZCandlesQuery>;

export const ZCandle = z.object({
  start: z.iso.datetime(),
  open: ZDecimal,
  high: ZDecimal,
  low: ZDecimal,
  close: ZDecimal,
  volume: ZDecimal,
});
export type TCandle = z.infer<typeof ZCandle>;

export const ZCandleList = z.object({ candles: z.array(ZCandle) });

/** docs/product.md §3 Top-mover event; also the body of top-mover.created / top-mover.deleted. */
export const ZTopMover = z.object({
  id: z.uuid(),
  symbol: z.string(),
  createdAt: z.iso.datetime(),
  /** Price now ÷ price 24 h ago, e.g. '1.1250' for +12.5 %. */
  exchangeRateT24Ratio: ZDecimal,
  coinId: z.uuid(),
  photo: z.string(),
  rank: z.nullable(z.int()),
});
export type TTopMover = z.infer<typeof ZTopMover>;

export const ZTopMoverList = z.object({ topMovers: z.array(ZTopMover) });
export type TTopMoverList = z.infer<typeof ZTopMoverList>;
