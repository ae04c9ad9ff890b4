import {
  BACKTEST_START_EVERY_MS,
  type TBacktestBody,
  type TBacktestReport,
  type TBacktestStart,
} from '@cdca/contracts';
import {
  CATALOGUE,
  isExchangeError,
  type Product,
  replayRollingStarts,
  type StartResult,
} from '@cdca/engine';
import type { Exchange } from '@cdca/exchange';
import { createLruCache } from '../../lib/lru-cache.ts';
import { coinNotFound } from '../coins/coins.service.ts';
import { keyCheckFailure } from '../exchange-keys/exchange-failure.ts';
import type { CandlesService } from './candles.service.ts';

/** Reports kept per process: a form's inputs tried again (the trader going back a step) answer at once. */
const CACHED_REPORTS = 200;

const toStart = (result: StartResult): TBacktestStart => ({
  startTime: result.startTime,
  outcome: result.outcome,
  ...(result.refusedBy ? { refusedBy: result.refusedBy } : {}),
  endTime: result.endTime,
  timeToCloseMs: result.timeToCloseMs,
  levelsUsed: result.levelsUsed,
  profit: result.profit,
  capitalUsed: result.capitalUsed,
  deepestDrawdown: result.deepestDrawdown,
});

/**
 * POST /api/v1/backtests: the engine's rolling-starts replay (docs/decisions/backtest-replay.md) over the stored
 * minutes of the window, with the product's live rules and the paper venue's spread and fees. Reports are cached by
 * inputs and the window's end minute, so the same question within a minute costs nothing.
 */
export const createBacktests = (deps: { candles: CandlesService; exchange: Exchange }) => {
  const cache = createLruCache<TBacktestReport>(CACHED_REPORTS);

  const productOf = async (productId: string): Promise<Product> => {
    try {
      return await deps.exchange.market.getProduct(productId);
    } catch (error) {
      throw isExchangeError(error, 'not-found') ? coinNotFound() : keyCheckFailure(error);
    }
  };

  return async (body: TBacktestBody): Promise<TBacktestReport> => {
    const held = await deps.candles.windowMinutes(body.coinId, body.window);
    const key = JSON.stringify([body, held.to, held.complete, held.minutes.time.length]);
    const cached = cache.get(key);
    if (cached) return cached;
    const product = await productOf(held.coin.symbol);
    // The spread the paper venue quotes; a venue with a real book has none we could model here.
    const entry = CATALOGUE.find((e) => `${e.base}-USD` === held.coin.symbol);
    const run = replayRollingStarts(
      held.minutes,
      { inputs: body.inputs, product, halfSpreadBps: entry?.halfSpreadBps ?? 0 },
      BACKTEST_START_EVERY_MS[body.startEvery],
    );
    const count = held.minutes.time.length;
    const report: TBacktestReport = {
      coinId: held.coin.id,
      productId: held.coin.symbol,
      window: body.window,
      startEvery: body.startEvery,
      from: count === 0 ? 0 : (held.minutes.time[0] ?? 0),
      to: count === 0 ? 0 : (held.minutes.time[count - 1] ?? 0) + 60_000,
      complete: held.complete,
      summary: {
        ...run.summary,
        worstStuck: run.summary.worstStuck && toStart(run.summary.worstStuck),
      },
      starts: run.results.map(toStart),
    };
    cache.set(key, report);
    return report;
  };
};

export type RunBacktest = ReturnType<typeof createBacktests>;
