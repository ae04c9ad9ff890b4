import type { TRealtimeMessage } from '@cdca/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeHandler } from '@/lib/realtime/realtime-client.ts';
import { RealtimeContext, type RealtimeSubscribe } from '@/lib/realtime/realtime-context.ts';
import { rankQueryKey } from '../api/get-rank.ts';
import { useLiveRank } from './use-live-rank.ts';

const fakeConnection = () => {
  const handlers = new Map<string, Set<RealtimeHandler>>();
  const subscribe: RealtimeSubscribe = (name, handler) => {
    const set = handlers.get(name) ?? new Set();
    set.add(handler);
    handlers.set(name, set);
    return () => set.delete(handler);
  };
  const emit = (message: TRealtimeMessage) => {
    for (const handler of handlers.get(message.routingKey) ?? []) handler(message);
  };
  return { subscribe, emit };
};

describe('useLiveRank', () => {
  afterEach(cleanup);

  it('re-reads the rank on account.updated', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const connection = fakeConnection();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <RealtimeContext.Provider value={connection.subscribe}>{children}</RealtimeContext.Provider>
      </QueryClientProvider>
    );
    renderHook(() => useLiveRank(), { wrapper });
    act(() => connection.emit({ routingKey: 'account.updated', event: { id: 'a1' } } as TRealtimeMessage));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: rankQueryKey });
  });
});
