import { z } from 'zod';
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
  rank: z.number().int().nullable(),
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
  search: text().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TListCoinsQuery = z.infer<typeof ZListCoinsQuery>;

export const ZCoinList = z.object({ coins: z.array(ZCoin), total: z.number().int() });
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
  granularity: ZCandleGranularity.default('ONE_HOUR'),
  start: z.iso.datetime({ offset: true }).optional(),
  end: z.iso.datetime({ offset: true }).optional(),
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
  rank: z.number().int().nullable(),
});
export type TTopMover = z.infer<typeof ZTopMover>;

export const ZTopMoverList = z.object({ topMovers: z.array(ZTopMover) });
export type TTopMoverList = z.infer<typeof ZTopMoverList>;
