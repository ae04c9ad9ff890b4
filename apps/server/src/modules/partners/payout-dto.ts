import type { TPayout } from '@cdca/contracts';
import { money, ROUND_DOWN } from '@cdca/engine';
import type { PayoutRow } from './partners.repository.ts';

const iso = (at: Date | null) => at?.toISOString() ?? null;

export const toPayoutDto = (row: PayoutRow): TPayout => ({
  id: row.id,
  amount: money(row.amount).toFixed(2, ROUND_DOWN),
  address: row.address,
  status: row.status,
  txHash: row.txHash,
  rejectionReason: row.rejectionReason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  approvedAt: iso(row.approvedAt),
  paidAt: iso(row.paidAt),
  rejectedAt: iso(row.rejectedAt),
});
