import type { TCandle, TCoin, TEpicDetail, TRealtimeEventName, TRealtimeMessage } from '@cdca/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeHandler } from '@/lib/realtime/realtime-client.ts';
import { RealtimeContext, type RealtimeSubscribe } from '@/lib/realtime/realtime-context.ts';
import { epicDetailQueryKey } from '../api/get-epic.ts';
import { EPIC_ID, testEpic, testFill } from '../lib/test-epic.ts';
import { useEpicBreakdown } from './use-epic-breakdown.ts';

const MINUTE = 60_000;
// Times near the real clock, so the epic gets a live one-minute window; every assertion is about prices, not time.
const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
const at = (offsetMs: number) => new Date(minute + offsetMs).toISOString();

const candle = (start: string, close: string): TCandle => ({
  start,
  open: close,
  high: close,
  low: close,
  close,
  volume: '1',
});

const epic = testEpic({ status: 'active', createdAt: at(-30 * MINUTE), updatedAt: at(-30 * MINUTE) });
const coin = (price: string, updatedAt: string): TCoin => ({
  id: epic.coin.id,
  symbol: 'SOL-USD',
  baseSymbol: 'SOL',
  name: 'Solana',
  photo: '',
  rank: 1,
  price,
  change24h: '1',
  volume24h: '1000',
  status: 'online',
  updatedAt,
});

/** The server, as far as the breakdown reads it: the epic, its coin and the candles up to two minutes ago. */
const answer = async (url: string) => {
  const body = url.startsWith(`/api/v1/epics/${EPIC_ID}`)
    ? epic
    : url.includes('/candles')
      ? { candles: [candle(at(-3 * MINUTE), '100'), candle(at(-2 * MINUTE), '101')] }
      : coin('101', at(-2 * MINUTE));
  return new Response(JSON.stringify(body), { status: 200 });
};

/** The realtime connection, reduced to what a feature sees of it: named events arriving. */
const fakeConnection = () => {
  const handlers = new Map<string, Set<RealtimeHandler>>();
  const subscribe: RealtimeSubscribe = (name, handler) => {
    const set = handlers.get(name) ?? new Set();
    set.add(handler);
    handlers.set(name, set);
    return () => set.delete(handler);
  };
  const emit = (routingKey: TRealtimeEventName, event: object) => {
    act(() => {
      for (const handler of handlers.get(routingKey) ?? [])
        handler({ routingKey, event } as TRealtimeMessage);
    });
  };
  return { subscribe, emit };
};

const setup = async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const connection = fakeConnection();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <RealtimeContext value={connection.subscribe}>{children}</RealtimeContext>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useEpicBreakdown(EPIC_ID), { wrapper });
  await waitFor(() => expect(result.current.candles.data).toHaveLength(2));
  const last = () => result.current.candles.data?.at(-1);
  return { client, emit: connection.emit, result, last };
};

describe('useEpicBreakdown', () => {
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(answer)));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  // The cache tells its observers on the next turn, so each step waits for the render (a bound, not a delay).
  it("moves the chart's last candle with the price the figures show", async () => {
    const { emit, result, last } = await setup();
    emit('coin.updated', coin('104.5', at(10_000)));
    await waitFor(() => {
      expect(result.current.coin.data?.price).toBe('104.5');
      expect(last()).toMatchObject({ start: at(0), open: '101', close: '104.5' });
    });
  });

  it('lands a fill on the candle of its time, and keeps following the price after the take-profit closes the epic', async () => {
    const { emit, result, last } = await setup();
    emit('coin.updated', coin('104.5', at(5_000)));
    // The take-profit at 105 fills on a spike between two (throttled) ticks: its candle reaches it, the last
    // price stays the market's.
    const takeProfit = testFill({ tradeId: 'tp', side: 'sell', price: '105', filledAt: at(8_000) });
    emit('trade.created', { id: 'tp', epicId: EPIC_ID, ...takeProfit });
    await waitFor(() => expect(last()).toMatchObject({ start: at(0), high: '105', close: '104.5' }));
    const closed: TEpicDetail = { ...epic, status: 'closed', closedAt: at(9_000), updatedAt: at(9_000) };
    emit('epic.updated', closed);
    await waitFor(() => expect(result.current.epic.data?.status).toBe('closed'));
    // The page stays open: the next tick moves the header and the chart alike, with no reload.
    emit('coin.updated', coin('106', at(MINUTE + 1_000)));
    await waitFor(() => {
      expect(result.current.coin.data?.price).toBe('106');
      expect(last()).toMatchObject({ start: at(MINUTE), open: '104.5', close: '106' });
    });
    expect(result.current.candles.data?.map((item) => item.start)).toEqual([
      at(-3 * MINUTE),
      at(-2 * MINUTE),
      at(0),
      at(MINUTE),
    ]);
  });

  it('keeps what an event said when a re-read of the epic, made before it, arrives after it', async () => {
    const { client, emit, result } = await setup();
    let release: (() => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url.startsWith(`/api/v1/epics/${EPIC_ID}`)
          ? new Promise<Response>((resolve) => {
              release = () => resolve(Response.json(epic));
            })
          : answer(url),
      ),
    );
    // As a reconnect does: every query is read again.
    const reread = client.refetchQueries({ queryKey: epicDetailQueryKey(EPIC_ID) });
    await waitFor(() => expect(release).toBeDefined());
    emit('epic.updated', { ...epic, status: 'closed', closedAt: at(9_000), updatedAt: at(9_000) });
    release?.();
    await act(() => reread);
    await waitFor(() => expect(result.current.epic.data?.status).toBe('closed'));
    expect(client.getQueryData<TEpicDetail>(epicDetailQueryKey(EPIC_ID))?.status).toBe('closed');
  });
});
