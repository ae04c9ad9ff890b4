import type { TBillingSummary } from '@cdca/contracts';
import { priceCycle } from '@cdca/engine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CancelPlanCard } from './cancel-plan-card.tsx';

const ACCOUNT = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const summary: TBillingSummary = {
  accountId: ACCOUNT,
  state: 'billing',
  freeAccount: false,
  plan: { name: 'Standard', tier: 'regular', cycleDays: 30, daysToPay: 5 },
  discountCode: 'LaunchSpecial',
  quote: priceCycle({
    tier: 'regular',
    discountCode: 'LaunchSpecial',
    usageVolume: '0',
    usageFeeRate: '0.0005',
  }),
  dueToday: '0.00',
  credit: '0.00',
  allowance: { limit: '100.00', realisedProfit: '150', remaining: '0.00', reached: true },
  billingStartedAt: '2025-10-01T00:00:00.000Z',
  nextPaymentAt: '2025-10-31T00:00:00.000Z',
  nextDueAt: null,
  currentCycle: { start: '2025-10-01T00:00:00.000Z', end: '2025-10-31T00:00:00.000Z', volume: '0' },
  cancellation: null,
  now: '2025-10-10T00:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CancelPlanCard', () => {
  it('asks for a reason, then for a confirmation, before it cancels', async () => {
    const requests: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        requests.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
        const cancelled = {
          ...summary,
          state: 'cancelled',
          cancellation: {
            cancelledAt: '2025-10-05T00:00:00.000Z',
            reason: 'too-expensive',
            comment: 'cheaper elsewhere',
            accessUntil: '2099-10-31T00:00:00.000Z',
          },
        };
        return new Response(JSON.stringify(cancelled), { status: 200 });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CancelPlanCard accountId={ACCOUNT} summary={summary} now={Date.parse(summary.now)} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel my plan…' }));
    const cancel = screen.getByRole('button', { name: 'Cancel plan' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    expect(screen.getAllByRole('radio')).toHaveLength(8);

    fireEvent.click(screen.getByRole('radio', { name: 'Too expensive' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Anything we should know/ }), {
      target: { value: '  cheaper elsewhere ' },
    });
    fireEvent.click(cancel);
    expect(requests).toHaveLength(0);

    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('October 31, 2025');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel my plan', hidden: true }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      url: '/api/v1/billing/cancellation',
      body: { accountId: ACCOUNT, reason: 'too-expensive', comment: 'cheaper elsewhere' },
    });
  });
});
