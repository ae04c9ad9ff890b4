import type { TStatsReport } from '@cdca/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearch } from 'wouter';
import { MemoryRouter } from '@/testing/memory-router.tsx';
import { BEST_ID, emptyReport, testReport, WORST_ID } from '../lib/test-report.ts';
import { StatsPage } from './stats-page.tsx';

// lightweight-charts draws on a canvas, which jsdom does not have; the chart's own module is replaced by a
// stand-in that says what it would draw.
vi.mock('./pnl-chart.tsx', () => ({
  PnlChart: ({ label, points }: { label: string; points: readonly { value: string }[] }) => (
    <div role="img" aria-label={label}>
      {points.map((point) => point.value).join(',')}
    </div>
  ),
}));

const Location = () => {
  const search = useSearch();
  return <output data-testid="location">{search && `?${search}`}</output>;
};

const renderPage = (entry = '/stats') => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter path={entry}>
        <StatsPage />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

const tile = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  const tileElement = term.parentElement;
  if (!tileElement) throw new Error(`no tile ${label}`);
  return tileElement.textContent ?? '';
};

// An upper bound, not a timing assertion: the first render transforms the lazy chart module, slow on a busy machine.
describe('StatsPage', { timeout: 20_000 }, () => {
  let answer: TStatsReport;
  const answerReport = async (_url: string) => new Response(JSON.stringify(answer), { status: 200 });
  const fetchMock = vi.fn(answerReport);

  beforeEach(() => {
    answer = testReport();
    fetchMock.mockReset();
    fetchMock.mockImplementation(answerReport);
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the report figures as the server sent them, signed and coloured', async () => {
    renderPage();
    await screen.findByText('Realised P&L', { selector: 'dt' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/stats?period=30d');
    expect(tile('Realised P&L')).toContain('+$152.37');
    expect(tile('Realised P&L')).toContain('+$45.10 per close');
    expect(screen.getByText('+$152.37').className).toMatch(/up/);
    expect(tile('Return on capital')).toContain('+3.17%');
    expect(tile('Return on capital')).toContain('on $4,800.50 used');
    expect(tile('Win rate')).toContain('66.67%');
    expect(tile('Win rate')).toContain('4 won · 2 lost');
    expect(tile('Unrealised P&L')).toContain('−$10.50');
    expect(tile('Unrealised P&L')).toContain('2 epics running · $1,500.00 in');
    expect(tile('Epics ended')).toContain('6');
    expect(tile('Epics ended')).toContain('4 closed · 1 cancelled · 1 liquidated');
    expect(tile('Volume')).toContain('$9,876.54');
    expect(tile('Fees')).toContain('$23.45');
    expect(tile('Time to close')).toContain('2 h 30 min');
    expect(tile('Time to close')).toContain('median 2 h');

    // The chart (lazy) gets the exact running total.
    expect((await screen.findByRole('img', { name: 'Cumulative realised P&L' })).textContent).toBe(
      '80.12,52.09',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Daily' }));
    expect((await screen.findByRole('img', { name: 'Realised P&L per day' })).textContent).toBe(
      '80.12,-28.03',
    );
  });

  it('links the best and worst epics to their breakdowns', async () => {
    renderPage();
    const best = await screen.findByRole('link', { name: /Best epic/ });
    expect(best.getAttribute('href')).toBe(`/epic/${BEST_ID}`);
    expect(best.textContent).toContain('+$80.12');
    expect(best.textContent).toContain('+8.01%');
    const worst = screen.getByRole('link', { name: /Worst epic/ });
    expect(worst.getAttribute('href')).toBe(`/epic/${WORST_ID}`);
    expect(worst.textContent).toContain('−$28.03');
  });

  it('keeps the period in the URL and asks the server for it', async () => {
    renderPage('/stats?period=7d');
    await screen.findByText('Realised P&L', { selector: 'dt' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/stats?period=7d');
    expect(screen.getByRole('button', { name: '7 d' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByTestId('location').textContent).toBe('?period=all');
    await waitFor(() => expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/v1/stats?period=all'));
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    // The default period leaves the URL plain.
    fireEvent.click(screen.getByRole('button', { name: '30 d' }));
    expect(screen.getByTestId('location').textContent).toBe('');
  });

  it('treats an unknown period in the URL as the default', async () => {
    renderPage('/stats?period=1y');
    await screen.findByText('Realised P&L', { selector: 'dt' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/stats?period=30d');
    expect(screen.getByRole('button', { name: '30 d' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('teaches what will appear when nothing has happened, with a way to create an epic', async () => {
    answer = emptyReport();
    renderPage('/stats?period=all');
    expect(
      await screen.findByRole('heading', { name: 'Your stats start with your first epic' }),
    ).toBeTruthy();
    expect(screen.getByText(/realised P&L day by day/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an epic' }).getAttribute('href')).toBe(
      '/dashboard/new-epic',
    );
    expect(screen.queryByText('Realised P&L', { selector: 'dt' })).toBeNull();
  });

  it('offers all time when a shorter period is empty', async () => {
    answer = emptyReport();
    renderPage('/stats?period=24h');
    expect(await screen.findByRole('heading', { name: 'No trading in the last 24 hours' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all time' }));
    expect(screen.getByTestId('location').textContent).toBe('?period=all');
  });

  it('says so and offers a retry when the report cannot be loaded', async () => {
    fetchMock.mockImplementation(async () => new Response('{}', { status: 500 }));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Your stats could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('sorts the per-coin table by any column, both ways', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    // What a screen reader says of each row header: the symbol, without the avatar's hidden letters.
    const coins = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((header) =>
          header.textContent?.replace(header.querySelector('[aria-hidden]')?.textContent ?? '', ''),
        );
    // The server's order: realised P&L, highest first.
    expect(coins()).toEqual(['SOL', 'ETH', 'BTC']);
    expect(
      within(table)
        .getByRole('columnheader', { name: /Realised P&L/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');

    fireEvent.click(within(table).getByRole('button', { name: /Volume/ }));
    expect(coins()).toEqual(['ETH', 'SOL', 'BTC']);
    fireEvent.click(within(table).getByRole('button', { name: /Volume/ }));
    expect(coins()).toEqual(['BTC', 'SOL', 'ETH']);
    expect(
      within(table)
        .getByRole('columnheader', { name: /Volume/ })
        .getAttribute('aria-sort'),
    ).toBe('ascending');

    fireEvent.click(within(table).getByRole('button', { name: /Coin/ }));
    expect(coins()).toEqual(['BTC', 'ETH', 'SOL']);
    fireEvent.click(within(table).getByRole('button', { name: /Fees/ }));
    expect(coins()).toEqual(['ETH', 'SOL', 'BTC']);
    fireEvent.click(within(table).getByRole('button', { name: /Epics/ }));
    expect(coins()).toEqual(['SOL', 'BTC', 'ETH']);
  });
});
