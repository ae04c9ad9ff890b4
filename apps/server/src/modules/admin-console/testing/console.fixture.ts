import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { accounts } from '../../../db/schema.ts';
import { payments } from '../../billing/payments.schema.ts';
import { partnerLedgerEntries } from '../../partners/partners.schema.ts';

/** Rows written straight to the database: the console reads what billing, the engine and the ledger wrote. */
export const backdateAccount = async (db: Db, accountId: string, createdAt: string) => {
  await db
    .update(accounts)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(accounts.id, accountId));
};

export const insertPayment = async (
  db: Db,
  spec: {
    accountId: string;
    cycle: number;
    status: 'paid' | 'pending';
    amount: string;
    paidAt?: string;
    /** Marked paid by hand: nothing confirmed on a charge. */
    byHand?: boolean;
  },
) => {
  const at = new Date(spec.paidAt ?? '2026-06-01T00:00:00Z');
  await db.insert(payments).values({
    accountId: spec.accountId,
    cycle: spec.cycle,
    status: spec.status,
    originalPrice: spec.amount,
    basePrice: spec.amount,
    usageVolume: '0',
    usageFee: '0',
    amountDue: spec.amount,
    amountPaid: spec.status === 'paid' && !spec.byHand ? spec.amount : '0',
    cycleStart: at,
    cycleEnd: new Date(at.getTime() + 30 * 86_400_000),
    dueAt: at,
    paidAt: spec.paidAt ? at : null,
  });
};

export const insertCommission = async (
  db: Db,
  spec: { partnerAccountId: string; kind: 'commission' | 'commission-reversal'; amount: string; at: string },
) => {
  await db.insert(partnerLedgerEntries).values({
    partnerAccountId: spec.partnerAccountId,
    kind: spec.kind,
    sourceId: crypto.randomUUID(),
    amount: spec.amount,
    createdAt: new Date(spec.at),
  });
};
