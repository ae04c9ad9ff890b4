import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './http/api-error.ts';

const MAX_RETRIES = 3;

/** docs/product.md §9 data-fetching defaults: 3 retries, 1 s doubling up to 30 s, 5 minutes of cache. */
export const retryDelayMs = (attempt: number): number => Math.min(1_000 * 2 ** attempt, 30_000);

// A 4xx is an answer, not an outage: retrying would only repeat the refusal.
export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  !isClientError(error) && failureCount < MAX_RETRIES;

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay: retryDelayMs, gcTime: 5 * 60_000, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
