import { type TCandle, type TCandleGranularity, ZCandleList } from '@cdca/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/http/api-client.ts';

export type ChartRange = '1D' | '1W' | '1M';

/** Each range maps to a granularity that gives 96–180 candles: enough shape, small answers. */
export const CHART_RANGES: Record<ChartRange, { granularity: TCandleGranularity; hours: number }> = {
  '1D': { granularity: 'FIFTEEN_MINUTE', hours: 24 },
  '1W': { granularity: 'ONE_HOUR', hours: 24 * 7 },
  '1M': { granularity: 'SIX_HOUR', hours: 24 * 30 },
};

export const getCandles = async (coinId: string, range: ChartRange): Promise<TCandle[]> => {
  const { granularity, hours } = CHART_RANGES[range];
  const end = new Date();
  const start = new Date(end.getTime() - hours * 3_600_000);
  const answer = await apiRequest(`/api/v1/coins/${encodeURIComponent(coinId)}/candles`, {
    query: { granularity, start: start.toISOString(), end: end.toISOString() },
    schema: ZCandleList,
  });
  // Oldest first, whatever order the venue answers in.
  return [...answer.candles].sort((a, b) => a.start.localeCompare(b.start));
};

export const getCandlesQueryOptions = (coinId: string, range: ChartRange) =>
  queryOptions({
    queryKey: ['coins', 'candles', coinId, range],
    queryFn: () => getCandles(coinId, range),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

export const useCandles = (coinId: string, range: ChartRange) =>
  useQuery(getCandlesQueryOptions(coinId, range));
