import type { TEpic, TEpicList, TRealtimeEventName, TRealtimeMessage } from '@cdca/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeHandler } from '@/lib/realtime/realtime-client.ts';
import { RealtimeContext, type RealtimeSubscribe } from '@/lib/realtime/realtime-context.ts';
import { getLiveEpicsQueryOptions, liveEpicsQueryKey } from '../api/get-live-epics.ts';
import { recentlyClosedEpicsQueryKey } from '../api/get-recently-closed-epics.ts';
import { useLiveEpicsSync } from './use-live-epics-sync.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '0b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8';
const COIN = '1b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8';

/** A whole epic as the server sends it in epic.created / epic.updated. */
const epic = (overrides: Partial<TEpic>): TEpic => ({
  id: ID,
  coin: { id: COIN, symbol: 'SOL-USD', name: 'Solana', photo: '' },
  status: 'active',
  statusReason: null,
  coinSymbol: 'SOL-USD',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  closedAt: null,
  activeDcaLevel: 1,
  dcaLevels: 3,
  budget: '1000',
  profitsDollarAmount: null,
  avgBuyRate: '100',
  volume: '0',
  takeProfitPrice: '102',
  heldBase: '0.5',
  costBasis: '50',
  buyValue: '50',
  ...overrides,
});

/** The realtime connection, reduced to what a feature sees of it: named events arriving. */
const fakeConnection = () => {
  const handlers = new Map<string, Set<RealtimeHandler>>();
  const subscribe: RealtimeSubscribe = (name, handler) => {
    const set = handlers.get(name) ?? new Set();
    set.add(handler);
    handlers.set(name, set);
    return () => set.delete(handler);
  };
  const emit = (routingKey: TRealtimeEventName, event: object) =>
    act(() => {
      for (const handler of handlers.get(routingKey) ?? []) {
        handler({ routingKey, event } as TRealtimeMessage);
      }
    });
  return { subscribe, emit };
};

const setup = (onTrade?: () => void) => {
  const client = new QueryClient();
  client.setQueryData<TEpicList>(liveEpicsQueryKey, { epics: [] });
  client.setQueryData<TEpicList>(recentlyClosedEpicsQueryKey, { epics: [] });
  const connection = fakeConnection();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={connection.subscribe}>{children}</RealtimeContext.Provider>
    </QueryClientProvider>
  );
  renderHook(() => useLiveEpicsSync({ onTrade }), { wrapper });
  const live = () => client.getQueryData<TEpicList>(liveEpicsQueryKey)?.epics ?? [];
  const ended = () => client.getQueryData<TEpicList>(recentlyClosedEpicsQueryKey)?.epics ?? [];
  return { client, emit: connection.emit, live, ended };
};

describe('useLiveEpicsSync', () => {
  it('adds a created epic and follows its fills from epic.updated', () => {
    const { emit, live } = setup();
    emit('epic.created', epic({ activeDcaLevel: 0, status: 'pending' }));
    expect(live().map((item) => [item.status, item.activeDcaLevel])).toEqual([['pending', 0]]);
    emit('epic.updated', epic({ activeDcaLevel: 2, updatedAt: '2025-01-01T00:05:00.000Z' }));
    expect(live().map((item) => [item.status, item.activeDcaLevel])).toEqual([['active', 2]]);
  });

  it('moves a closed epic from the live list to the ended ones', () => {
    const { emit, live, ended } = setup();
    emit('epic.created', epic({}));
    emit(
      'epic.updated',
      epic({
        status: 'closed',
        closedAt: '2025-01-01T01:00:00.000Z',
        profitsDollarAmount: '12.5',
        updatedAt: '2025-01-01T01:00:00.000Z',
      }),
    );
    expect(live()).toEqual([]);
    expect(ended().map((item) => item.profitsDollarAmount)).toEqual(['12.5']);
  });

  it('ignores a malformed event and reports trades to the route', () => {
    let trades = 0;
    const { emit, live } = setup(() => {
      trades += 1;
    });
    emit('epic.updated', { id: ID, status: 'nonsense' });
    expect(live()).toEqual([]);
    emit('trade.created', { id: 'trade-1' });
    emit('trade.updated', { id: 'order-1' });
    expect(trades).toBe(2);
  });

  it('keeps the newer copy when a refetched list, read before an event, arrives after it', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const { client, emit, live } = setup();
    // As a reconnect's invalidation does: the cached list is fetched again although it was fresh.
    const refetched = client.fetchQuery({ ...getLiveEpicsQueryOptions(), staleTime: 0 });
    emit('epic.updated', epic({ status: 'active', updatedAt: '2025-01-01T00:05:00.000Z' }));
    const readBefore = epic({ status: 'pending', activeDcaLevel: 1 });
    answer(Response.json({ epics: [readBefore], nextCursor: null }));
    await refetched;
    expect(live().map((item) => item.status)).toEqual(['active']);
  });
});
