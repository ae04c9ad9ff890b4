import { randomBytes } from 'node:crypto';
import type { Clock } from '@cdca/engine';
import { money } from '@cdca/engine';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import type { ChargeStatus, CreateChargeInput, ProviderCharge } from '../charge-provider.ts';
import { sandboxCharges, sandboxSecrets } from './sandbox.schema.ts';

export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;

/** Ids like a hosted checkout's: unguessable, URL-safe. */
const newChargeId = () => randomBytes(16).toString('base64url');

const plain = (value: string) => money(value).toFixed();

/** Like BTCPay's default monitoring: a day after expiry, late money is still looked for. */
const SANDBOX_MONITORING_MS = 24 * 3_600_000;

/** When the sandbox stops watching a charge, as BTCPay's monitoringExpiration: a day after it expires. */
const monitoringEndOf = (row: Pick<SandboxChargeRow, 'expiresAt'>) =>
  new Date(row.expiresAt.getTime() + SANDBOX_MONITORING_MS);

/**
 * The sandbox provider's side of the books: what each charge asks for and what has been paid into it. It follows
 * BTCPay's rules: an under-paid charge stays open until it expires, paying the rest settles it, paying after
 * expiry leaves it expired with the exception paid-late (BTCPay never settles an expired invoice), and
 * over-paying settles it with the surplus recorded. Sandbox money confirms at once, except a payment sent
 * unconfirmed: it makes the charge processing until it confirms (settled), or until the sandbox stops watching it
 * unconfirmed (invalid), as BTCPay's watcher does (docs/providers.md).
 */
export const createSandboxStore = (db: Db, clock: Clock) => {
  const secrets = new Map<'webhook' | 'link', string>();
  /** Made once per database on first use: a concurrent first use by another process keeps whichever won. */
  const secret = async (name: 'webhook' | 'link'): Promise<string> => {
    const known = secrets.get(name);
    if (known) return known;
    await db
      .insert(sandboxSecrets)
      .values({ name, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(sandboxSecrets).where(eq(sandboxSecrets.name, name));
    if (!row) throw new Error(`sandbox ${name} secret missing`);
    secrets.set(name, row.value);
    return row.value;
  };
  const find = async (id: string) => {
    const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id)).limit(1);
    return row;
  };

  const save = async (id: string, changes: Partial<SandboxChargeRow>) => {
    const [row] = await db
      .update(sandboxCharges)
      .set({ ...changes, updatedAt: clock.now() })
      .where(eq(sandboxCharges.id, id))
      .returning();
    return row;
  };

  /**
   * An unpaid charge past its time is expired, and one still processing when monitoring ends is invalid (BTCPay
   * marks Processing that never confirmed Invalid at monitoringExpiration); the sandbox has no timer of its own,
   * so it looks when asked.
   */
  const withExpiry = async (row: SandboxChargeRow): Promise<SandboxChargeRow> => {
    if (row.status === 'processing' && clock.now() >= monitoringEndOf(row)) {
      return (await save(row.id, { status: 'invalid' })) ?? row;
    }
    if (row.status !== 'new' || clock.now() < row.expiresAt) return row;
    const partial = money(row.paidAmount).gt(0);
    return (await save(row.id, { status: 'expired', exception: partial ? 'paid-partial' : null })) ?? row;
  };

  return {
    create: async (input: CreateChargeInput): Promise<SandboxChargeRow> => {
      const [row] = await db
        .insert(sandboxCharges)
        .values({
          id: newChargeId(),
          paymentId: input.paymentId,
          accountId: input.accountId,
          description: input.description,
          amount: input.amount,
          redirectUrl: input.redirectUrl,
          expiresAt: new Date(clock.now().getTime() + input.expiresInMinutes * 60_000),
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .returning();
      if (!row) throw new Error('sandbox charge insert returned nothing');
      return row;
    },

    get: async (id: string) => {
      const row = await find(id);
      return row ? withExpiry(row) : undefined;
    },

    /** Money arrives. Returns the charge after it, or undefined for an unknown or invalid charge. */
    pay: async (id: string, amount: string) => {
      const row = await find(id);
      if (!row || row.status === 'invalid') return undefined;
      const current = await withExpiry(row);
      const paid = money(current.paidAmount).plus(amount);
      const full = paid.gte(current.amount);
      const late = current.status === 'expired';
      const status: ChargeStatus = full && !late ? 'settled' : current.status;
      const exception = !full
        ? 'paid-partial'
        : late
          ? 'paid-late'
          : paid.gt(current.amount)
            ? 'overpaid'
            : null;
      return save(id, { paidAmount: paid.toFixed(), status, exception });
    },

    /**
     * The whole amount arrives unconfirmed (a 0-conf payment): the charge is processing, nothing is confirmed yet.
     * Only on an open charge with nothing paid, so everything a processing or invalid charge holds is unconfirmed
     * (toProviderCharge). Returns the charge after it, or undefined when it cannot take such a payment.
     */
    payUnconfirmed: async (id: string) => {
      const row = await find(id);
      if (!row) return undefined;
      const current = await withExpiry(row);
      if (current.status !== 'new' || !money(current.paidAmount).isZero()) return undefined;
      return save(id, { paidAmount: plain(current.amount), status: 'processing', exception: null });
    },
    /** The unconfirmed payment confirms: a processing charge is settled. */
    confirm: async (id: string) => {
      const row = await find(id);
      if (!row) return undefined;
      const current = await withExpiry(row);
      if (current.status !== 'processing') return current;
      return save(id, { status: 'settled' });
    },
    /**
     * The unconfirmed payment never confirms before the sandbox stops watching: a processing charge is invalid, as
     * BTCPay leaves it at monitoringExpiration, without waiting the day that takes.
     */
    neverConfirm: async (id: string) => {
      const row = await find(id);
      if (!row) return undefined;
      const current = await withExpiry(row);
      if (current.status !== 'processing') return current;
      return save(id, { status: 'invalid' });
    },
    /** "Let expire": the charge's time is up now. */
    expire: async (id: string) => {
      const row = await find(id);
      if (row?.status !== 'new') return row;
      return withExpiry((await save(id, { expiresAt: clock.now() })) ?? row);
    },

    /** The webhook signing secret, made once per database (every process signs and verifies with the same one). */
    webhookSecret: () => secret('webhook'),

    /** The secret that signs each charge's link (sandbox-link.ts), shared by every process the same way. */
    linkSecret: () => secret('link'),
  };
};

export type SandboxStore = ReturnType<typeof createSandboxStore>;

/**
 * What a charge counts settled: everything paid, except on a processing or invalid charge, whose money is one
 * payment that has not confirmed (payUnconfirmed) and so is never booked (docs/decisions/book-only-confirmed-money.md).
 */
const confirmedOf = (row: SandboxChargeRow) =>
  row.status === 'processing' || row.status === 'invalid' ? '0' : plain(row.paidAmount);

export const toProviderCharge = (row: SandboxChargeRow, hostedUrl: string): ProviderCharge => ({
  id: row.id,
  hostedUrl,
  expiresAt: row.expiresAt,
  amount: plain(row.amount),
  amountReceived: plain(row.paidAmount),
  amountConfirmed: confirmedOf(row),
  mark: null,
  monitoringUntil: monitoringEndOf(row),
  status: row.status,
  exception: row.exception,
  paymentId: row.paymentId,
});
