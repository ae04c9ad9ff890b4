import type { TAdminPayout } from '@cdca/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PayoutTable } from './payout-table.tsx';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const payout: TAdminPayout = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  amount: '10.99',
  address: ADDRESS,
  status: 'approved',
  txHash: null,
  rejectionReason: null,
  createdAt: '2026-03-01T12:00:00.000Z',
  updatedAt: '2026-03-01T12:00:00.000Z',
  approvedAt: '2026-03-02T12:00:00.000Z',
  paidAt: null,
  rejectedAt: null,
  partnerUserId: 'partner-a',
  partnerEmail: 'a@example.com',
};

describe('PayoutTable', () => {
  afterEach(cleanup);

  it("shortens the partner's own address and lets it give way on a phone", () => {
    render(
      <PayoutTable
        caption="Payout history"
        compact
        items={[payout]}
        outcome={{ heading: 'Transaction', cell: () => '—' }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Payout history' });
    const address = within(table).getByTitle(ADDRESS);
    expect(address.textContent).toBe('0x5aAe…eAed');
    expect(address.getAttribute('data-priority')).toBe('low');
    expect(within(table).queryByRole('columnheader', { name: 'Partner' })).toBeNull();
    expect(within(table).getByText('Approved')).toBeTruthy();
  });

  it('shows owners who asked and the whole address, with their decision column', () => {
    render(
      <PayoutTable
        label="Payout requests"
        items={[payout]}
        partner={(p) => p.partnerEmail}
        outcome={{ heading: 'Decision', cell: () => <button type="button">Mark paid</button> }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Payout requests' });
    expect(within(table).getByRole('columnheader', { name: 'Partner' })).toBeTruthy();
    expect(within(table).getByText('a@example.com')).toBeTruthy();
    expect(within(table).getByTitle(ADDRESS).textContent).toBe(ADDRESS);
    expect(within(table).getByTitle(ADDRESS).hasAttribute('data-priority')).toBe(false);
    expect(within(table).getByRole('button', { name: 'Mark paid' })).toBeTruthy();
  });
});
