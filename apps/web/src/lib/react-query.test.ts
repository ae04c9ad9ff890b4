import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './http/api-error.ts';
import { refreshQueries, retryDelayMs, shouldRetry } from './react-query.ts';

describe('query defaults', () => {
  it('retries 3 times with 1 s doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(shouldRetry(2, new Error('offline'))).toBe(true);
    expect(shouldRetry(3, new Error('offline'))).toBe(false);
  });

  it('never retries a 4xx answer', () => {
    expect(shouldRetry(0, new ApiError(404, { code: 'not-found', message: 'No.' }))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, { code: 'http-503', message: 'Down.' }))).toBe(true);
  });
});

describe('refreshQueries', () => {
  /**
   * A query on screen whose first read (of `server.value`, at the moment it is asked) stays on its way until `land()`;
   * later reads answer at once.
   */
  const slowFirstLoad = () => {
    const server = { value: 'before', reads: 0 };
    let land = () => {};
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver(queryClient, {
      queryKey: ['payments'],
      queryFn: () => {
        const read = server.value;
        server.reads += 1;
        if (server.reads > 1) return Promise.resolve(read);
        return new Promise<string>((resolve) => {
          land = () => resolve(read);
        });
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    return { server, queryClient, land: () => land(), unsubscribe };
  };

  it('reads a first load again when it lands, since it may have been read before the change', async () => {
    const { server, queryClient, land, unsubscribe } = slowFirstLoad();
    // The payment is requested while the page's first read of the payments is on its way; its event asks for a refresh.
    server.value = 'after';
    const refreshed = refreshQueries(queryClient, { queryKey: ['payments'] });
    land();
    await refreshed;
    expect(queryClient.getQueryData(['payments'])).toBe('after');
    expect(server.reads).toBe(2);
    unsubscribe();
  });

  it('reads a query that has data once, as invalidateQueries does', async () => {
    const { server, queryClient, land, unsubscribe } = slowFirstLoad();
    land();
    await vi.waitFor(() => expect(queryClient.getQueryData(['payments'])).toBe('before'));
    server.value = 'after';
    await refreshQueries(queryClient, { queryKey: ['payments'] });
    expect(queryClient.getQueryData(['payments'])).toBe('after');
    expect(server.reads).toBe(2);
    unsubscribe();
  });
});
