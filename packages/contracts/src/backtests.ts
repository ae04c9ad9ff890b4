import { z } from 'zod/mini';
import { ZDecimal } from './decimal.ts';
import { ZCreateEpicBody } from './epics.ts';

/**
 * Historical candles and backtests (issue #18; docs/decisions/candle-store.md for the store and the wire form,
 * docs/decisions/backtest-replay.md for the replay).
 */

export const CANDLE_WINDOWS = ['30d', '90d', '365d'] as const;
export const ZCandleWindow = z.enum(CANDLE_WINDOWS);
export type TCandleWindow = z.infer<typeof ZCandleWindow>;

/** Days each window reaches back from now. */
export const CANDLE_WINDOW_DAYS: Readonly<Record<TCandleWindow, number>> = {
  '30d': 30,
  '90d': 90,
  '365d': 365,
};

export const CANDLE_SERIES_GRANULARITIES = ['1m', '1h', '1d'] as const;
export const ZCandleSeriesGranularity = z.enum(CANDLE_SERIES_GRANULARITIES);
export type TCandleSeriesGranularity = z.infer<typeof ZCandleSeriesGranularity>;

/** The length of one candle of each granularity, ms. */
export const CANDLE_STEP_MS: Readonly<Record<TCandleSeriesGranularity, number>> = {
  '1m': 60_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
};

/** A venue product id such as `BTC-USD`. */
export const ZProductId = z
  .string()
  .check(z.regex(/^[A-Z0-9]{1,20}-[A-Z0-9]{1,10}$/, 'a product id such as BTC-USD'));

/** GET /api/v1/candles/{coin}: the coin's id, or its product id. */
export const ZCandleSeriesParams = z.strictObject({ coin: z.union([z.uuid(), ZProductId]) });
export type TCandleSeriesParams = z.infer<typeof ZCandleSeriesParams>;

export const ZCandleSeriesQuery = z.strictObject({
  window: z._default(ZCandleWindow, '30d'),
  granularity: z._default(ZCandleSeriesGranularity, '1m'),
});
export type TCandleSeriesQuery = z.infer<typeof ZCandleSeriesQuery>;

/** Standard base64 (RFC 4648, with padding) of a little-endian typed array. */
export const ZBase64 = z.string().check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/));

/**
 * One product's candles over a window, column-wise, so a browser turns them into typed arrays without reading a
 * JSON object per candle (the engine's `decodeCandleSeries` does it: packages/engine/src/backtest/candle-wire.ts).
 * Every column holds `count` values in time order; buckets without trades are left out, as Coinbase does.
 * - `time`: Int32 bucket numbers since `from` (candle start = from + n × stepMs).
 * - `open`, `high`, `low`, `close`: `priceFormat` 'int32' is the price × 10^priceScale as an integer (the
 *   product's price grid); 'float64' is the price itself, for a product whose prices do not fit that grid.
 * - `volume`: Float32, in the base currency.
 */
export const ZCandleSeries = z.object({
  coinId: z.uuid(),
  productId: z.string(),
  window: ZCandleWindow,
  granularity: ZCandleSeriesGranularity,
  stepMs: z.int().check(z.positive()),
  /** Epoch ms of the window's first bucket. */
  from: z.int(),
  /** Epoch ms the window ends (exclusive): the end of the newest whole bucket stored. */
  to: z.int(),
  /** Epoch ms of the oldest candle the store holds for this product in the window; null when it holds none. */
  heldFrom: z.nullable(z.int()),
  /** False while the store is still being filled from the venue for this window (Coinbase back-fill). */
  complete: z.boolean(),
  count: z.int().check(z.nonnegative()),
  priceFormat: z.enum(['int32', 'float64']),
  priceScale: z.int().check(z.gte(0), z.lte(18)),
  columns: z.object({
    time: ZBase64,
    open: ZBase64,
    high: ZBase64,
    low: ZBase64,
    close: ZBase64,
    volume: ZBase64,
  }),
});
export type TCandleSeries = z.infer<typeof ZCandleSeries>;

export const BACKTEST_START_SPACINGS = ['1h', '4h', '1d'] as const;
export const ZBacktestStartEvery = z.enum(BACKTEST_START_SPACINGS);
export type TBacktestStartEvery = z.infer<typeof ZBacktestStartEvery>;

export const BACKTEST_START_EVERY_MS: Readonly<Record<TBacktestStartEvery, number>> = {
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};

/** The most starts one server-side backtest replays (90 days of hourly starts); more would hold the server up. */
export const MAX_BACKTEST_STARTS = 2_200;

/**
 * POST /api/v1/backtests: the create-epic form's body (`ZCreateEpicBody`: coin and plan inputs) plus the window and
 * how often an epic starts in it. Replayed on the server over 1-minute candles.
 */
export const ZBacktestBody = z
  .extend(ZCreateEpicBody, {
    window: ZCandleWindow,
    startEvery: ZBacktestStartEvery,
  })
  .check(
    z.superRefine((body, ctx) => {
      const starts =
        (CANDLE_WINDOW_DAYS[body.window] * 86_400_000) / BACKTEST_START_EVERY_MS[body.startEvery];
      if (starts > MAX_BACKTEST_STARTS) {
        ctx.addIssue({
          code: 'custom',
          path: ['startEvery'],
          message: `At most ${MAX_BACKTEST_STARTS} starts per backtest: start less often or pick a shorter window.`,
        });
      }
    }),
  );
export type TBacktestBody = z.infer<typeof ZBacktestBody>;

export const BACKTEST_OUTCOMES = ['closed', 'stopped', 'open', 'refused'] as const;
export const ZBacktestOutcome = z.enum(BACKTEST_OUTCOMES);
export type TBacktestOutcome = z.infer<typeof ZBacktestOutcome>;

/** One epic started at `startTime` and replayed to its close, its stop or the window's end. Times in epoch ms. */
export const ZBacktestStart = z.object({
  startTime: z.int(),
  outcome: ZBacktestOutcome,
  /** Plan problem codes when the plan could not be traded at that start's price. */
  refusedBy: z.optional(z.array(z.string())),
  /** Time of the take-profit or stop sale; null while open or refused. */
  endTime: z.nullable(z.int()),
  timeToCloseMs: z.nullable(z.int()),
  levelsUsed: z.int().check(z.nonnegative()),
  /** USD to the cent: realised (closed, stopped) or marked at the last bid (open). */
  profit: ZDecimal,
  /** USD spent on buys, fees included. */
  capitalUsed: ZDecimal,
  /** USD, 0 or negative: the deepest the position was under water. */
  deepestDrawdown: ZDecimal,
});
export type TBacktestStart = z.infer<typeof ZBacktestStart>;

export const ZBacktestSummary = z.object({
  starts: z.int().check(z.nonnegative()),
  refused: z.int().check(z.nonnegative()),
  closed: z.int().check(z.nonnegative()),
  stopped: z.int().check(z.nonnegative()),
  open: z.int().check(z.nonnegative()),
  /** closed ÷ traded starts (refused left out), 0 to 1. */
  closeRate: z.number().check(z.gte(0), z.lte(1)),
  medianTimeToCloseMs: z.nullable(z.int()),
  worstTimeToCloseMs: z.nullable(z.int()),
  /** USD to the cent, over the starts that ended (closed or stopped). */
  averageProfit: ZDecimal,
  /** Realised profit ÷ capital used over the starts that ended, a fraction ('0.0123'). */
  returnOnCapital: ZDecimal,
  /** The open start furthest under water at the window's end. */
  worstStuck: z.nullable(ZBacktestStart),
});
export type TBacktestSummary = z.infer<typeof ZBacktestSummary>;

export const ZBacktestReport = z.object({
  coinId: z.uuid(),
  productId: z.string(),
  window: ZCandleWindow,
  startEvery: ZBacktestStartEvery,
  /** The candles replayed: epoch ms of the first and the end of the last (0 and 0 when none). */
  from: z.int(),
  to: z.int(),
  /** False when the store did not yet hold the whole window (the replay ran over what it held). */
  complete: z.boolean(),
  summary: ZBacktestSummary,
  /** Every start in time order: the histogram's and the chart markers' data. */
  starts: z.array(ZBacktestStart),
});
export type TBacktestReport = z.infer<typeof ZBacktestReport>;
