import { ZPartnerPayouts } from '@cdca/contracts';
import { money } from '@cdca/engine';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { appForAllTests } from '../../testing/app-lifecycle.ts';
import type { Trader } from '../../testing/traders.ts';
import { payments } from '../billing/payments.schema.ts';
import { buildBillingTestApp } from '../billing/testing/billing.fixture.ts';
import { commissionOn, receivedOn, settlePaymentCommission } from './commission-ledger.ts';
import { partnerLedgerEntries } from './partners.schema.ts';
import { partnerWithCode } from './testing/partners.fixture.ts';

/**
 * The ledger's promise (docs/decisions/partner-programme.md): whatever order payments are paid, voided, replayed
 * or settled concurrently in, the balance is the sum of the entries and each payment is counted at most once —
 * booked while paid, reversed by one counter-entry once it is not, never booked again after a reversal.
 */
const t = appForAllTests(() => buildBillingTestApp());
const RATE = '0.2';
let partner: Trader;
let referred: Trader;
let nextCycle = 1;

beforeAll(async () => {
  partner = await partnerWithCode(t, 'ledger-partner@example.test', 'Ledger');
  referred = await t.traderWithCode('ledger-referred@example.test', 'ledger');
});

type Event =
  | { kind: 'paid'; payment: number; amountPaid: string }
  | { kind: 'voided'; payment: number }
  | { kind: 'replayed'; payment: number }
  | { kind: 'concurrent'; payment: number; copies: number };

const cents = fc.integer({ min: 1, max: 50_000 }).map((c) => (c / 100).toFixed(2));
const event = (payments: number): fc.Arbitrary<Event> => {
  const payment = fc.integer({ min: 0, max: payments - 1 });
  return fc.oneof(
    fc.record({ kind: fc.constant('paid' as const), payment, amountPaid: fc.oneof(fc.constant('0'), cents) }),
    fc.record({ kind: fc.constant('voided' as const), payment }),
    fc.record({ kind: fc.constant('replayed' as const), payment }),
    fc.record({ kind: fc.constant('concurrent' as const), payment, copies: fc.integer({ min: 2, max: 4 }) }),
  );
};
const scenario = fc.integer({ min: 1, max: 3 }).chain((count) =>
  fc.record({
    dues: fc.array(cents, { minLength: count, maxLength: count }),
    events: fc.array(event(count), { maxLength: 10 }),
  }),
);

const insertPayment = async (amountDue: string) => {
  const start = new Date('2026-01-01T00:00:00Z');
  const [row] = await t.db
    .insert(payments)
    .values({
      accountId: referred.account.id,
      cycle: nextCycle++,
      originalPrice: '64.98',
      basePrice: amountDue,
      usageVolume: '0',
      usageFee: '0',
      amountDue,
      cycleStart: start,
      cycleEnd: addDays(start, 30),
      dueAt: addDays(start, 5),
    })
    .returning();
  if (!row) throw new Error('payment insert failed');
  return row;
};

const DAY = 86_400_000;
const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY);

const settle = (id: string) => settlePaymentCommission(t.db, id, RATE);

it('balance equals the sum of entries and each payment is counted at most once', async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async ({ dues, events }) => {
      const rows = await Promise.all(dues.map(insertPayment));
      const ids = rows.map((row) => row.id);
      /** What the model expects per payment: the commission booked (if ever) and whether it was reversed. */
      const model = rows.map(() => ({ booked: undefined as string | undefined, reversed: false }));
      for (const step of events) {
        const id = ids[step.payment] ?? '';
        const state = model[step.payment];
        if (!state) continue;
        if (step.kind === 'paid') {
          const [row] = await t.db
            .update(payments)
            .set({ status: 'paid', amountPaid: step.amountPaid })
            .where(eq(payments.id, id))
            .returning();
          // Concurrent announcements of the same change: the unique index and the row lock keep one booking.
          await Promise.all([settle(id), settle(id)]);
          if (row && !state.booked && !state.reversed) {
            const amount = commissionOn(receivedOn(row).toFixed(), RATE);
            if (amount.gt(0)) state.booked = amount.toFixed(2);
          }
        } else if (step.kind === 'voided') {
          await t.db.update(payments).set({ status: 'expired' }).where(eq(payments.id, id));
          await settle(id);
          if (state.booked) state.reversed = true;
        } else if (step.kind === 'replayed') {
          await settle(id);
        } else {
          await Promise.all(Array.from({ length: step.copies }, () => settle(id)));
        }
      }
      const entries = await t.db
        .select()
        .from(partnerLedgerEntries)
        .where(inArray(partnerLedgerEntries.sourceId, ids));
      for (const [index, id] of ids.entries()) {
        const mine = entries.filter((entry) => entry.sourceId === id);
        const commissions = mine.filter((entry) => entry.kind === 'commission');
        const reversals = mine.filter((entry) => entry.kind === 'commission-reversal');
        expect(commissions.length).toBeLessThanOrEqual(1);
        expect(reversals.length).toBeLessThanOrEqual(commissions.length);
        const state = model[index];
        expect(commissions[0] ? money(commissions[0].amount).toFixed(2) : undefined).toBe(state?.booked);
        expect(reversals.length === 1).toBe(Boolean(state?.reversed));
        const net = mine.reduce((total, entry) => total.plus(entry.amount), money(0));
        expect(net.eq(state?.booked && !state.reversed ? state.booked : 0)).toBe(true);
      }
      // The partner's balance, read through the API, is the sum of every entry of the ledger.
      const all = await t.db
        .select()
        .from(partnerLedgerEntries)
        .where(eq(partnerLedgerEntries.partnerAccountId, partner.account.id));
      const balance = ZPartnerPayouts.parse(
        (await t.as(partner).get('/api/v1/partners/payouts')).json(),
      ).balance;
      const total = all.reduce((sum, entry) => sum.plus(entry.amount), money(0));
      expect(balance.available).toBe(total.toFixed(2));
      expect(balance.earned).toBe(total.toFixed(2));
    }),
    { numRuns: 40 },
  );
});
