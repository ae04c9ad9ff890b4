import { type TCandleWindow, ZCandleSeries } from '@cdca/contracts';
import { decodeCandleSeries } from '@cdca/engine';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';
import { CHART_GRANULARITY } from '../lib/backtest-windows.ts';

/** The coin's price over the window in the compact column form, decoded into typed arrays once per fetch. */
export const getPriceSeries = async (coinId: string, window: TCandleWindow, signal?: AbortSignal) => {
  const series = await apiRequest(`/api/v1/candles/${encodeURIComponent(coinId)}`, {
    query: { window, granularity: CHART_GRANULARITY[window] },
    schema: ZCandleSeries,
    signal,
  });
  const columns = decodeCandleSeries(series);
  return { time: columns.time, close: columns.close };
};

export type PriceSeries = Awaited<ReturnType<typeof getPriceSeries>>;

export const usePriceSeries = (coinId: string | undefined, window: TCandleWindow) =>
  useQuery({
    queryKey: ['candle-series', coinId, window],
    queryFn: ({ signal }) => getPriceSeries(coinId ?? '', window, signal),
    enabled: Boolean(coinId),
    staleTime: 10 * 60_000,
  });
