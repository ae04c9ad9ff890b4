import type { TPartnerPayouts } from '@cdca/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayoutsPanel } from './payouts-panel.tsx';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const answer: TPartnerPayouts = {
  balance: {
    earned: '10.99',
    available: '10.99',
    pending: '0.00',
    paid: '0.00',
    minimumPayout: '10.00',
    commissionPercent: '20',
  },
  items: [],
};

const renderPanel = (balance: Partial<TPartnerPayouts['balance']> = {}) => {
  const requests: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({
        method,
        url: String(url),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const body =
        method === 'POST'
          ? {
              id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
              amount: '10.99',
              address: ADDRESS,
              status: 'requested',
              txHash: null,
              rejectionReason: null,
              createdAt: '2026-01-01T00:00:00.000Z',
              updatedAt: '2026-01-01T00:00:00.000Z',
              approvedAt: null,
              paidAt: null,
              rejectedAt: null,
            }
          : { ...answer, balance: { ...answer.balance, ...balance } };
      return new Response(JSON.stringify(body), {
        status: method === 'POST' ? 201 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PayoutsPanel />
    </QueryClientProvider>,
  );
  return requests;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PayoutsPanel', () => {
  it('refuses an address whose checksum does not match before anything is sent, then requests the balance', async () => {
    const requests = renderPanel();
    const field = await screen.findByLabelText('USDC address (Ethereum)');
    fireEvent.change(field, { target: { value: ADDRESS.replace('5aAeb', '5AAeb') } });
    fireEvent.click(screen.getByRole('button', { name: 'Request $10.99' }));
    expect(await screen.findByText(/checksum does not match/)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.change(field, { target: { value: ADDRESS } });
    fireEvent.click(screen.getByRole('button', { name: 'Request $10.99' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST')).toEqual([
        {
          method: 'POST',
          url: expect.stringContaining('/api/v1/partners/payouts'),
          body: { address: ADDRESS },
        },
      ]),
    );
  });

  it('keeps the request closed under the minimum and says from when payouts start', async () => {
    renderPanel({ available: '4.20' });
    expect(await screen.findByText('Payouts start at $10.00; $4.20 is available now.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Request payout' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
