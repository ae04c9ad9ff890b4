import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarketLabPanel } from './market-lab-panel.tsx';

type Sent = { url: string; method: string | undefined; body: unknown };

/** The API as the panel sees it: every request is recorded; `answer` decides the reply. */
const serveApi = (answer: (sent: Sent) => Response) => {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const request = {
        url: String(url),
        method: init?.method,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      sent.push(request);
      return answer(request);
    }),
  );
  return sent;
};

const accepted =
  (price = '150.25', status = 'online') =>
  () =>
    new Response(JSON.stringify({ productId: 'SOL-USD', price, status }), { status: 200 });

const refused = (status: number, code: string, message: string) => () =>
  new Response(JSON.stringify({ code, message }), { status });

const renderPanel = () => {
  const onApplied = vi.fn();
  const client = new QueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <MarketLabPanel productId="SOL-USD" price="186.40" onApplied={onApplied} />
    </QueryClientProvider>,
  );
  /** What the route does when coin.updated brings a new price. */
  const priceMoves = (price: string) =>
    view.rerender(
      <QueryClientProvider client={client}>
        <MarketLabPanel productId="SOL-USD" price={price} onApplied={onApplied} />
      </QueryClientProvider>,
    );
  return Object.assign(onApplied, { priceMoves });
};

const formNamed = (name: string) => screen.getByRole('form', { name });
const lastChange = () => screen.getByRole('status').textContent ?? '';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MarketLabPanel: set the price', () => {
  it('shows the live price it is given beside the controls and as the field placeholder', () => {
    serveApi(accepted());
    const { priceMoves } = renderPanel();
    const panel = screen.getByRole('region', { name: 'Drive SOL-USD' });
    expect(within(panel).getByText('$186.40')).toBeTruthy();
    priceMoves('191.05');
    expect(within(panel).getByText('$191.05')).toBeTruthy();
    expect(within(panel).queryByText('$186.40')).toBeNull();
    expect(screen.getByLabelText('New price (USD)').getAttribute('placeholder')).toBe('191.05');
  });

  it.each([
    ['', 'Enter a price, such as 142.35.'],
    ['abc', 'A price is a positive decimal string like 142.35.'],
    ['1e3', 'A price is a positive decimal string like 142.35.'],
    ['0.000', 'A price must be above zero.'],
    ['-5', 'A price is a positive decimal string like 142.35.'],
  ])('refuses %j before sending anything', (typed, problem) => {
    const sent = serveApi(accepted());
    const onApplied = renderPanel();
    const form = formNamed('Set the price');
    fireEvent.change(within(form).getByLabelText('New price (USD)'), { target: { value: typed } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set price' }));
    expect(within(form).getByText(problem)).toBeTruthy();
    expect(within(form).getByLabelText('New price (USD)').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);
    expect(onApplied).not.toHaveBeenCalled();
  });

  it('sends the price as typed (trimmed) and says what the server set', async () => {
    const sent = serveApi(accepted('150.25'));
    const onApplied = renderPanel();
    const form = formNamed('Set the price');
    expect(within(form).getByLabelText('New price (USD)').getAttribute('placeholder')).toBe('186.40');
    fireEvent.change(within(form).getByLabelText('New price (USD)'), { target: { value: ' 150.25 ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set price' }));
    await waitFor(() => expect(lastChange()).toContain('SOL-USD set to $150.25.'));
    expect(sent).toEqual([
      { url: '/api/v1/paper/products/SOL-USD/price', method: 'POST', body: { price: '150.25' } },
    ]);
    expect(onApplied).toHaveBeenCalledTimes(1);
  });

  it("shows the server's own message when it refuses, and changes nothing", async () => {
    const message = 'The paper market refused it: price 150.255 must be positive and a multiple of 0.01.';
    serveApi(refused(400, 'bad-request', message));
    const onApplied = renderPanel();
    const form = formNamed('Set the price');
    fireEvent.change(within(form).getByLabelText('New price (USD)'), { target: { value: '150.255' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set price' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(`The price was not set: ${message}`);
    expect(lastChange()).toContain('Nothing changed from here yet.');
    expect(onApplied).not.toHaveBeenCalled();
  });
});

describe('MarketLabPanel: play a path', () => {
  const fill = (prices: string, step: string) => {
    const form = formNamed('Play a path');
    fireEvent.change(within(form).getByLabelText('Prices (USD)'), { target: { value: prices } });
    fireEvent.change(within(form).getByLabelText('Step (seconds)'), { target: { value: step } });
    return form;
  };

  it.each([
    ['', '2', 'Prices (USD)', 'Enter at least one price, such as 150, 160, 170.'],
    ['150, x, 170', '2', 'Prices (USD)', 'Price 2 (“x”): A price is a positive decimal string like 142.35.'],
    ['150, 0', '2', 'Prices (USD)', 'Price 2 (“0”): A price must be above zero.'],
    ['150, 160', '0', 'Step (seconds)', 'A step is between 0.001 and 3600 seconds, such as 2 or 0.5.'],
    ['150, 160', '3600.001', 'Step (seconds)', 'A step is between 0.001 and 3600 seconds, such as 2 or 0.5.'],
    ['150, 160', '0.0005', 'Step (seconds)', 'A step is between 0.001 and 3600 seconds, such as 2 or 0.5.'],
    ['150, 160', 'two', 'Step (seconds)', 'A step is between 0.001 and 3600 seconds, such as 2 or 0.5.'],
  ])('refuses prices %j every %j s before sending anything', (prices, step, field, problem) => {
    const sent = serveApi(accepted());
    renderPanel();
    const form = fill(prices, step);
    fireEvent.click(within(form).getByRole('button', { name: 'Play path' }));
    expect(within(form).getByText(problem)).toBeTruthy();
    expect(within(form).getByLabelText(field).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);
  });

  it('previews the path, then sends the prices and the step in milliseconds', async () => {
    const sent = serveApi(accepted('150'));
    const onApplied = renderPanel();
    const form = fill('150, 160\n170;180', '0.5');
    const preview =
      '4 prices, one every 0.5 s: reaches 180 after 1.5 s, then the random walk goes on from it.';
    expect(within(form).getByText(preview)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Play path' }));
    await waitFor(() => expect(lastChange()).toContain(`SOL-USD is playing: ${preview}`));
    expect(sent).toEqual([
      {
        url: '/api/v1/paper/products/SOL-USD/script',
        method: 'POST',
        body: { prices: ['150', '160', '170', '180'], stepMs: 500 },
      },
    ]);
    expect(onApplied).toHaveBeenCalledTimes(1);
  });
});

describe('MarketLabPanel: trading mode', () => {
  it('halts at once and marks the mode set from here', async () => {
    const sent = serveApi(accepted());
    renderPanel();
    const halt = screen.getByRole('button', { name: 'Halt trading' });
    expect(halt.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(halt);
    await waitFor(() => expect(lastChange()).toContain('SOL-USD is halted (trading disabled).'));
    expect(sent).toEqual([
      { url: '/api/v1/paper/products/SOL-USD/status', method: 'POST', body: { status: 'trading-disabled' } },
    ]);
    expect(halt.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Bring back online' }));
    await waitFor(() => expect(lastChange()).toContain('SOL-USD is online.'));
    expect(sent.at(-1)?.body).toEqual({ status: 'online' });
    expect(halt.getAttribute('aria-pressed')).toBe('false');
  });

  it('asks before delisting, and sends nothing when the owner backs out', async () => {
    const sent = serveApi(accepted('150', 'delisted'));
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Delist…' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('every epic on it, of any trader, ends as delisted');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(sent).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delist…' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delist SOL-USD', hidden: true }));
    await waitFor(() => expect(lastChange()).toContain('SOL-USD is delisted.'));
    expect(sent).toEqual([
      { url: '/api/v1/paper/products/SOL-USD/status', method: 'POST', body: { status: 'delisted' } },
    ]);
  });

  it("says the server's refusal where the owner pressed", async () => {
    serveApi(refused(404, 'paper-exchange-disabled', 'The paper exchange is not in use on this server.'));
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel-only' }));
    const section = screen.getByRole('region', { name: 'Trading mode' });
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'The mode was not changed: The paper exchange is not in use on this server.',
    );
    expect(screen.getByRole('button', { name: 'Cancel-only' }).getAttribute('aria-pressed')).toBe('false');
  });
});
