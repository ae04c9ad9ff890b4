import type { TBacktestReport, TCandleSeries, TCreateEpicBody } from '@cdca/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BacktestPanel } from './backtest-panel.tsx';

const COIN = '0c6f3a52-3f4e-4b53-9a3e-1d2c3b4a5f60';
const HOUR = 3_600_000;
const FROM = Date.UTC(2026, 7, 26);
const TO = FROM + 90 * 24 * HOUR;
const plan: TCreateEpicBody = {
  coinId: COIN,
  inputs: {
    budget: '1000',
    dcaLevels: 4,
    scaling: 'exponential',
    load: 'back',
    direction: 'below',
    buySpread: '2',
    sellSpread: '3',
    stopSpread: '40',
  },
};

const report = (window: TBacktestReport['window']): TBacktestReport => ({
  coinId: COIN,
  productId: 'SOL-USD',
  window,
  startEvery: window === '30d' ? '4h' : '1d',
  from: FROM,
  to: TO,
  complete: true,
  summary: {
    starts: 3,
    refused: 0,
    closed: 2,
    stopped: 0,
    open: 1,
    closeRate: 2 / 3,
    medianTimeToCloseMs: 26 * HOUR,
    worstTimeToCloseMs: 50 * HOUR,
    averageProfit: '12.34',
    returnOnCapital: '0.0123',
    worstStuck: null,
  },
  starts: [
    {
      startTime: FROM,
      outcome: 'closed',
      endTime: FROM + 2 * HOUR,
      timeToCloseMs: 2 * HOUR,
      levelsUsed: 1,
      profit: '10',
      capitalUsed: '250',
      deepestDrawdown: '-1.5',
    },
    {
      startTime: FROM + 4 * HOUR,
      outcome: 'closed',
      endTime: FROM + 54 * HOUR,
      timeToCloseMs: 50 * HOUR,
      levelsUsed: 3,
      profit: '14.68',
      capitalUsed: '750',
      deepestDrawdown: '-42.1',
    },
    {
      startTime: FROM + 8 * HOUR,
      outcome: 'open',
      endTime: null,
      timeToCloseMs: null,
      levelsUsed: 4,
      profit: '-80',
      capitalUsed: '1000',
      deepestDrawdown: '-95.2',
    },
  ],
});

const series: TCandleSeries = {
  coinId: COIN,
  productId: 'SOL-USD',
  window: '90d',
  granularity: '1h',
  stepMs: HOUR,
  from: FROM,
  to: TO,
  heldFrom: null,
  complete: true,
  count: 0,
  priceFormat: 'float64',
  priceScale: 2,
  columns: { time: '', open: '', high: '', low: '', close: '', volume: '' },
};

const SLOW = { timeout: 10_000 };

describe('BacktestPanel', { timeout: 30_000 }, () => {
  /** The server: the price series, and a report for the window asked. */
  const answer = async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/v1/candles/')) return Response.json(series);
    const body = JSON.parse(String(init?.body)) as { window: TBacktestReport['window'] };
    return Response.json(report(body.window));
  };
  const fetchMock = vi.fn(answer);
  const backtestBodies = () =>
    fetchMock.mock.calls
      .filter(([url]) => url === '/api/v1/backtests')
      .map(([, init]) => JSON.parse(String(init?.body)));

  beforeEach(() => {
    fetchMock.mockClear();
    fetchMock.mockImplementation(answer);
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const show = (value: TCreateEpicBody | undefined) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BacktestPanel plan={value} coinSymbol="SOL-USD" />
      </QueryClientProvider>,
    );

  it('replays the form’s ladder and shows the close rate, times, profit, drawdown and the outcomes', async () => {
    show(plan);
    const figures = await screen.findByLabelText('Backtest figures', undefined, SLOW);
    expect(figures.textContent).toContain('66.7%');
    expect(figures.textContent).toContain('2 of 3 starts');
    expect(figures.textContent).toContain('26 h');
    expect(figures.textContent).toContain('+$12.34');
    expect(figures.textContent).toContain('1.23% on capital used');
    expect(figures.textContent).toContain('−$95.20');
    const outcomes = screen.getByRole('figure');
    expect(within(outcomes).getByText('Under 1 day').parentElement?.textContent).toContain('1');
    expect(within(outcomes).getByText('Still open').parentElement?.textContent).toContain('1');
    expect(screen.getByText(/History does not repeat/)).toBeTruthy();
    expect(backtestBodies()[0]).toEqual({ ...plan, window: '90d', startEvery: '1d' });
  });

  it('runs again over 30 days, one start every 4 hours, when the window changes', async () => {
    show(plan);
    await waitFor(() => expect(backtestBodies()).toHaveLength(1), SLOW);
    fireEvent.click(screen.getByRole('button', { name: '30 days' }));
    await waitFor(
      () => expect(backtestBodies().at(-1)).toEqual({ ...plan, window: '30d', startEvery: '4h' }),
      SLOW,
    );
  });

  it('runs nothing while the ladder is not valid, and says so', () => {
    show(undefined);
    expect(screen.getByText(/Once the ladder is valid/)).toBeTruthy();
    expect(backtestBodies()).toHaveLength(0);
  });

  it('says why when no start could trade, instead of empty figures', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/v1/candles/')) return Response.json(series);
      const refused = report('90d');
      return Response.json({
        ...refused,
        summary: { ...refused.summary, refused: 3, closed: 0, open: 0, closeRate: 0 },
        starts: refused.starts.map((start) => ({
          ...start,
          outcome: 'refused',
          refusedBy: ['level-below-minimum'],
        })),
      });
    });
    show(plan);
    expect(await screen.findByText(/raise the budget or use fewer levels/, undefined, SLOW)).toBeTruthy();
    expect(screen.queryByLabelText('Backtest figures')).toBeNull();
  });

  it('keeps the last figures, marked as the earlier settings’, when an update is refused', async () => {
    const client = new QueryClient();
    const view = (value: TCreateEpicBody) => (
      <QueryClientProvider client={client}>
        <BacktestPanel plan={value} coinSymbol="SOL-USD" />
      </QueryClientProvider>
    );
    const { rerender } = render(view(plan));
    await screen.findByLabelText('Backtest figures', undefined, SLOW);
    fetchMock.mockImplementation(async (url: string) =>
      url.startsWith('/api/v1/candles/')
        ? Response.json(series)
        : Response.json(
            { code: 'rate-limited', message: 'Too many backtests: try again in a minute.' },
            { status: 429 },
          ),
    );
    rerender(view({ ...plan, inputs: { ...plan.inputs, budget: '2000' } }));
    expect(await screen.findByText(/for the earlier settings/, undefined, SLOW)).toBeTruthy();
    expect(screen.getByText(/Too many backtests/)).toBeTruthy();
    expect(screen.getByLabelText('Backtest figures').textContent).toContain('2 of 3 starts');
  });

  it('runs a change at once, and folds the changes made while a backtest runs into one run of the newest', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (!url.startsWith('/api/v1/candles/') && backtestBodies().length === 2) await held;
      return answer(url, init);
    });
    const client = new QueryClient();
    const view = (budget: string) => (
      <QueryClientProvider client={client}>
        <BacktestPanel plan={{ ...plan, inputs: { ...plan.inputs, budget } }} coinSymbol="SOL-USD" />
      </QueryClientProvider>
    );
    const { rerender } = render(view('1000'));
    await screen.findByLabelText('Backtest figures', undefined, SLOW);
    // No wait for the form to rest: the change is asked for straight away (and its answer is held).
    rerender(view('1100'));
    await waitFor(() => expect(backtestBodies()).toHaveLength(2), SLOW);
    rerender(view('1200'));
    rerender(view('1300'));
    rerender(view('1400'));
    expect(backtestBodies()).toHaveLength(2);
    release();
    await waitFor(() => expect(backtestBodies()).toHaveLength(3), SLOW);
    expect(backtestBodies().map((body) => body.inputs.budget)).toEqual(['1000', '1100', '1400']);
    // Settled on the newest: nothing more is asked for.
    await waitFor(
      () =>
        expect(
          screen.getByLabelText('Backtest figures').closest('[aria-busy]')?.getAttribute('aria-busy'),
        ).toBe('false'),
      SLOW,
    );
    expect(backtestBodies()).toHaveLength(3);
  });
});
