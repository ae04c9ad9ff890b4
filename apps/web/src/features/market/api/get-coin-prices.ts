import { useQueries } from '@tanstack/react-query';
import { getCoinQueryOptions } from './get-coin.ts';

/**
 * Live prices of several coins, e.g. the coins of the trader's epics: each coin is read once into the shared
 * coin cache, which coin.updated keeps current (use-live-market), so nothing polls.
 */
export const useCoinPrices = (coinIds: readonly string[]): ((coinId: string) => string | undefined) => {
  const unique = [...new Set(coinIds)];
  const coins = useQueries({
    queries: unique.map((id) => ({ ...getCoinQueryOptions(id), staleTime: Number.POSITIVE_INFINITY })),
  });
  const prices = new Map<string, string>();
  unique.forEach((id, index) => {
    const price = coins[index]?.data?.price;
    if (price !== undefined) prices.set(id, price);
  });
  return (coinId) => prices.get(coinId);
};
