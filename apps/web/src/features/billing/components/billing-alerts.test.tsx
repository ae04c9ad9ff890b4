import type { TPayment } from '@cdca/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readString, writeString } from '@/lib/storage/storage.ts';
import { PAYMENT_CHECK_DELAY_MS } from '../hooks/use-payment-return.ts';
import { testPayment } from '../lib/test-payment.ts';
import { BillingAlerts } from './billing-alerts.tsx';

const account = { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', status: 'active' as const, freeAccount: false };

const HOUR = 3_600_000;

/**
 * The network boundary: what the server answers, per request, and what was asked. `serverNow` is the server's
 * billing clock in the list's `now` (the device's clock unless a test sets it apart).
 */
const fakeServer = (
  state: { payments: TPayment[]; serverNow?: () => number },
  extra: Record<string, () => TPayment> = {},
) => {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).split('?')[0] ?? '';
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      const handler = Object.entries(extra).find(([prefix]) => path.startsWith(prefix))?.[1];
      const body = handler
        ? handler()
        : {
            payments: state.payments.filter((p) => p.status === 'pending' || p.status === 'past-due'),
            total: 1,
            now: new Date(state.serverNow?.() ?? Date.now()).toISOString(),
          };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
};

const renderAlerts = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BillingAlerts account={account} staging={false} />
    </QueryClientProvider>,
  );
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('BillingAlerts', () => {
  it('opens the past-due modal once per session for an unpaid payment', async () => {
    fakeServer({ payments: [testPayment(Date.now())] });
    const first = renderAlerts();
    const title = await screen.findByRole('heading', { name: 'NEW PAYMENT REQUESTED' });
    expect(title).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'NOT NOW' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();

    // A reload in the same tab: the same payment does not nag again.
    renderAlerts();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('waits for the pid check (5 s after sign-in) instead of nagging someone back from paying', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending = testPayment(Date.now());
    const state = { payments: [pending] };
    writeString('paymentId', pending.id);
    const calls = fakeServer(state, {
      '/api/v1/payments/check-payment-status/': () => {
        state.payments = [{ ...pending, status: 'paid', paidAt: new Date().toISOString() }];
        return state.payments[0] as TPayment;
      },
    });
    renderAlerts();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_CHECK_DELAY_MS - 100));
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(calls).toContain(`POST /api/v1/payments/check-payment-status/${pending.id}`));
    await waitFor(() => expect(readString('paymentId')).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('warns of a payment due within 24 hours by the server’s clock when the device’s is days behind', async () => {
    // The billing clock was moved 100 h ahead (billing controls), or this device's clock is 100 h slow.
    const serverNow = () => Date.now() + 100 * HOUR;
    fakeServer({ payments: [testPayment(serverNow(), { dueInHours: 20.5 })], serverNow });
    renderAlerts();
    expect(await screen.findByRole('heading', { name: 'PAST-DUE WARNING' })).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain('due in 20 hours');
  });

  it('announces a new payment, not a warning, when only a device clock running ahead says it is nearly due', async () => {
    const serverNow = () => Date.now() - 100 * HOUR;
    fakeServer({ payments: [testPayment(serverNow(), { dueInHours: 110 })], serverNow });
    renderAlerts();
    expect(await screen.findByRole('heading', { name: 'NEW PAYMENT REQUESTED' })).toBeTruthy();
  });

  it('renews a charge the server’s clock says expired, though the device’s says it is still good', async () => {
    const serverNow = () => Date.now() + 3 * HOUR;
    const shown = testPayment(Date.now(), { chargeInHours: 2 });
    const fresh: TPayment = {
      ...shown,
      chargeHostedUrl: 'https://pay.example.test/sandbox-pay/ch_3',
      chargeExpDate: new Date(serverNow() + HOUR).toISOString(),
    };
    const state = { payments: [shown], serverNow };
    const calls = fakeServer(state, {
      '/api/v1/payments/generate-new-charge/': () => {
        state.payments = [fresh];
        return fresh;
      },
    });
    renderAlerts();
    await waitFor(() => expect(calls).toContain(`GET /api/v1/payments/generate-new-charge/${shown.id}`));
    const view = await screen.findByRole('link', { name: /VIEW PAYMENT/ });
    await waitFor(() => expect(view.getAttribute('href')).toBe('https://pay.example.test/sandbox-pay/ch_3'));
  });

  it('asks for a fresh charge when the shown one expired, and links to it', async () => {
    const expired = testPayment(Date.now(), { chargeInHours: -1 });
    const fresh: TPayment = {
      ...expired,
      chargeHostedUrl: 'https://pay.example.test/sandbox-pay/ch_2',
      chargeExpDate: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const state = { payments: [expired] };
    const calls = fakeServer(state, {
      '/api/v1/payments/generate-new-charge/': () => {
        state.payments = [fresh];
        return fresh;
      },
    });
    renderAlerts();
    await waitFor(() => expect(calls).toContain(`GET /api/v1/payments/generate-new-charge/${expired.id}`));
    const view = await screen.findByRole('link', { name: /VIEW PAYMENT/ });
    await waitFor(() => expect(view.getAttribute('href')).toBe('https://pay.example.test/sandbox-pay/ch_2'));
    expect(calls.filter((call) => call.includes('generate-new-charge'))).toHaveLength(1);
  });
});
