import type { TRealtimeEventName } from '@cdca/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeHandler } from '@/lib/realtime/realtime-client.ts';
import { RealtimeContext, type RealtimeSubscribe } from '@/lib/realtime/realtime-context.ts';
import { statsQueryRoot } from '../api/get-stats.ts';
import { useLiveStats } from './use-live-stats.ts';

/** The realtime connection, reduced to what a feature sees of it: named events arriving. */
const fakeConnection = () => {
  const handlers = new Map<string, Set<RealtimeHandler>>();
  const subscribe: RealtimeSubscribe = (name, handler) => {
    const set = handlers.get(name) ?? new Set();
    set.add(handler);
    handlers.set(name, set);
    return () => set.delete(handler);
  };
  // The hook reacts to the event's name only, so each event carries just an id.
  const emit = (routingKey: TRealtimeEventName) => {
    for (const handler of handlers.get(routingKey) ?? []) handler({ routingKey, event: { id: 'e1' } });
  };
  return { subscribe, emit };
};

describe('useLiveStats', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('re-reads the report once after a burst of epic and fill events, and not on price ticks', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const connection = fakeConnection();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <RealtimeContext.Provider value={connection.subscribe}>{children}</RealtimeContext.Provider>
      </QueryClientProvider>
    );
    renderHook(() => useLiveStats(), { wrapper });

    act(() => connection.emit('coin.updated'));
    act(() => vi.advanceTimersByTime(2000));
    expect(invalidate).not.toHaveBeenCalled();

    act(() => {
      connection.emit('trade.created');
      connection.emit('epic.updated');
      connection.emit('trade.updated');
    });
    act(() => vi.advanceTimersByTime(500));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => connection.emit('epic.updated'));
    act(() => vi.advanceTimersByTime(1000));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: statsQueryRoot });

    act(() => connection.emit('epic.created'));
    act(() => vi.advanceTimersByTime(1000));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
