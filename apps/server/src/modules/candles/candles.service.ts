import {
  CANDLE_STEP_MS,
  CANDLE_WINDOW_DAYS,
  type TCandleSeries,
  type TCandleSeriesQuery,
  type TCandleWindow,
} from '@cdca/contracts';
import type { CandleColumns, Clock } from '@cdca/engine';
import type { Exchange } from '@cdca/exchange';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createLruCache } from '../../lib/lru-cache.ts';
import type { CoinRow } from '../coins/coin-dto.ts';
import type { CoinsRepository } from '../coins/coins.repository.ts';
import { coinNotFound } from '../coins/coins.service.ts';
import { priceDecimalsOf } from './candle-day-codec.ts';
import { columnsOfDays, MINUTE_MS } from './candle-days.ts';
import { createCandleFiller } from './candle-filler.ts';
import { rollUp, toWireColumns } from './candle-series.ts';
import { createCandlesRepository, DAY_MS, dayOf } from './candles.repository.ts';

export type CandlesServiceDeps = {
  db: Db;
  exchange: Exchange;
  coins: CoinsRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Set on the paper market: its history before the venue's last day is generated from this seed. */
  paperSeed?: number;
};

/** What a window is read by: a coin's id and product, which never change once the coin exists. */
export type CandleCoin = Pick<CoinRow, 'id' | 'symbol'>;

/** The minutes of one window for the replay, and whether the store held all of it. */
export type WindowMinutes = {
  coin: CandleCoin;
  minutes: CandleColumns;
  from: number;
  to: number;
  complete: boolean;
};

/** Windows of minutes kept decoded per process. */
const RECENT_WINDOWS = 4;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The candle store's service (docs/decisions/candle-store.md): fills a product on first use (paper: at once;
 * Coinbase: in the background, answering what is held meanwhile) and answers windows of minutes or their roll-ups.
 */
export const createCandlesService = (deps: CandlesServiceDeps) => {
  const repository = createCandlesRepository(deps.db);
  const decimals = new Map<string, number>();
  const priceDecimals = async (productId: string) => {
    const known = decimals.get(productId);
    if (known !== undefined) return known;
    const found = priceDecimalsOf((await deps.exchange.market.getProduct(productId)).priceIncrement);
    decimals.set(productId, found);
    return found;
  };
  const filler = createCandleFiller({
    repository,
    market: deps.exchange.market,
    clock: deps.clock,
    priceDecimals,
    paperSeed: deps.paperSeed,
  });

  // A coin's id and product never change, so a form asking again and again reads them once.
  const knownCoins = new Map<string, CandleCoin>();
  const findCoin = async (coin: string): Promise<CandleCoin> => {
    const known = knownCoins.get(coin);
    if (known) return known;
    const row = UUID.test(coin) ? await deps.coins.findById(coin) : await deps.coins.findBySymbol(coin);
    if (!row) throw coinNotFound();
    const found = { id: row.id, symbol: row.symbol };
    knownCoins.set(coin, found);
    return found;
  };

  /**
   * Brings the product up to now and back to `from`: awaited on paper (its past is generated, a fraction of a
   * second a window), started in the background on a venue it is fetched from (a year is ~1,500 requests).
   */
  const bringUpToDate = async (productId: string, from: number) => {
    if (deps.paperSeed !== undefined) {
      await filler.fill(productId, from);
      return;
    }
    filler
      .fillUnlessRunning(productId)
      .catch((error: unknown) => deps.log.warn({ err: error, productId }, 'candle fill stopped'));
  };

  /** The window's bounds: whole buckets up to the newest, reaching `window` days back. */
  const boundsOf = (window: TCandleWindow, stepMs: number) => {
    const nowMinute = Math.floor(deps.clock.now().getTime() / MINUTE_MS) * MINUTE_MS;
    const to = Math.floor(nowMinute / stepMs) * stepMs;
    const from = Math.floor((to - CANDLE_WINDOW_DAYS[window] * DAY_MS) / stepMs) * stepMs;
    return { from, to };
  };

  // A form asking again and again within the minute (a backtest per change of input) reads and decodes the window
  // once: up to ~23 MB of typed arrays for a year, so only a few windows are kept.
  const recentWindows = createLruCache<{ minutes: CandleColumns; complete: boolean }>(RECENT_WINDOWS);

  const heldMinutes = async (coin: CandleCoin, from: number, to: number) => {
    // A window the store held whole cannot change (history is only added to), so it needs no look at the store.
    const wholeKey = `${coin.symbol}:${from}:${to}:whole`;
    const whole = recentWindows.get(wholeKey);
    if (whole) return whole;
    let progress = await repository.progress(coin.symbol);
    if (!progress || progress.heldFrom > from || progress.heldTo < to) {
      await bringUpToDate(coin.symbol, from);
      progress = await repository.progress(coin.symbol);
    }
    // Minutes stored after `to` do not change the window: the key stays put while the store grows past it.
    const heldTo = progress && Math.min(progress.heldTo, to);
    const key = [coin.symbol, from, to, progress?.heldFrom, heldTo].join(':');
    const recent = recentWindows.get(key);
    if (recent) return recent;
    const days = await repository.readDays(coin.symbol, dayOf(from), dayOf(to - 1));
    const complete = progress !== undefined && progress.heldFrom <= from && progress.heldTo >= to;
    const held = { minutes: columnsOfDays(days, from, to), complete };
    recentWindows.set(complete ? wholeKey : key, held);
    return held;
  };

  return {
    /** The window's candles in the wire form: GET /api/v1/candles/{coin}. */
    series: async (coinIdOrProduct: string, query: TCandleSeriesQuery): Promise<TCandleSeries> => {
      const coin = await findCoin(coinIdOrProduct);
      const stepMs = CANDLE_STEP_MS[query.granularity];
      const { from, to } = boundsOf(query.window, stepMs);
      const held = await heldMinutes(coin, from, to);
      const candles = stepMs === MINUTE_MS ? held.minutes : rollUp(held.minutes, stepMs);
      return {
        coinId: coin.id,
        productId: coin.symbol,
        window: query.window,
        granularity: query.granularity,
        stepMs,
        from,
        to,
        heldFrom: candles.time[0] ?? null,
        complete: held.complete,
        ...toWireColumns(candles, from, stepMs, await priceDecimals(coin.symbol)),
      };
    },

    /** The window's 1-minute candles for a server-side replay. */
    windowMinutes: async (coinId: string, window: TCandleWindow): Promise<WindowMinutes> => {
      const coin = await findCoin(coinId);
      // Whole hours: a form asking again and again replays the same decoded minutes for the rest of the hour,
      // rather than reading and decoding a year again each new minute (docs/decisions/backtest-panel.md).
      const { from, to } = boundsOf(window, CANDLE_STEP_MS['1h']);
      return { coin, from, to, ...(await heldMinutes(coin, from, to)) };
    },

    /** Stops background fills between two days of candles; what they stored stays. */
    stop: () => filler.stop(),
  };
};

export type CandlesService = ReturnType<typeof createCandlesService>;
