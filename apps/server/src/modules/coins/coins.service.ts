import type { TCandle, TCandlesQuery, TCoin, TListCoinsQuery } from '@cdca/contracts';
import { isExchangeError } from '@cdca/engine';
import { type Exchange, GRANULARITY_SECONDS } from '@cdca/exchange';
import { AppError } from '../../lib/app-error.ts';
import type { MaybePromise } from '../../lib/maybe-promise.ts';
import type { CachedAnswer, CoinCatalogue } from './coin-catalogue.ts';
import { toCoinDto } from './coin-dto.ts';
import type { CoinsRepository } from './coins.repository.ts';

/** Coinbase answers at most 350 candles per request; 300 keeps us clear of it on every adapter. */
const MAX_CANDLES = 300;

export const coinNotFound = () => new AppError(404, 'coin-not-found', 'There is no such coin.');

export const createCoinsService = ({
  repository,
  catalogue,
  exchange,
}: {
  repository: CoinsRepository;
  catalogue: CoinCatalogue;
  exchange: Exchange;
}) => {
  /** From the catalogue in memory; a coin written since its last refresh (a test's fixture) from the database. */
  const requireCoin = async (id: string): Promise<TCoin> => {
    const known = await catalogue.coin(id);
    if (known) return known;
    const row = await repository.findById(id);
    if (!row) throw coinNotFound();
    return toCoinDto(row);
  };

  return {
    /** The catalogue's answers are cut from memory and sent as text (docs/decisions/catalogue-in-memory.md). */
    list: (query: TListCoinsQuery): MaybePromise<CachedAnswer> => catalogue.list(query),

    get: (id: string): Promise<TCoin> => requireCoin(id),

    candles: async (id: string, query: TCandlesQuery): Promise<{ candles: TCandle[] }> => {
      const coin = await requireCoin(id);
      const step = GRANULARITY_SECONDS[query.granularity] * 1000;
      const end = query.end ? new Date(query.end) : new Date();
      const start = query.start ? new Date(query.start) : new Date(end.getTime() - step * MAX_CANDLES);
      if (start >= end) throw new AppError(400, 'validation-failed', 'start must be before end.');
      if ((end.getTime() - start.getTime()) / step > MAX_CANDLES) {
        throw new AppError(400, 'validation-failed', `Ask for at most ${MAX_CANDLES} candles at a time.`);
      }
      try {
        const candles = await exchange.market.getCandles(coin.symbol, {
          start,
          end,
          granularity: query.granularity,
        });
        return { candles: candles.map((candle) => ({ ...candle, start: candle.start.toISOString() })) };
      } catch (error) {
        if (isExchangeError(error, 'not-found')) throw coinNotFound();
        if (!isExchangeError(error)) throw error;
        throw new AppError(
          503,
          'exchange-unavailable',
          'Price history is unavailable right now. Try again in a minute.',
        );
      }
    },

    topMovers: (): MaybePromise<CachedAnswer> => catalogue.topMovers(),
  };
};

export type CoinsService = ReturnType<typeof createCoinsService>;
