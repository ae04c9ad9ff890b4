import { pgTable, text } from 'drizzle-orm/pg-core';
import { instantColumn as at, decimalColumn } from '../../../../db/columns.ts';

/**
 * The sandbox provider's own books, as a real provider keeps them on its side: what each hosted charge asks
 * for, what has been paid into it, and its state. Only the sandbox page and the sandbox provider touch it.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  id: text().primaryKey(),
  paymentId: text().notNull(),
  accountId: text().notNull(),
  description: text().notNull(),
  amount: decimalColumn().notNull(),
  paidAmount: decimalColumn().notNull().default('0'),
  status: text({ enum: ['new', 'processing', 'settled', 'expired', 'invalid'] })
    .notNull()
    .default('new'),
  exception: text({ enum: ['overpaid', 'paid-late', 'paid-partial'] }),
  redirectUrl: text().notNull(),
  expiresAt: at().notNull(),
  createdAt: at().notNull().defaultNow(),
  updatedAt: at().notNull().defaultNow(),
});

/** The sandbox's webhook signing secret, made once per database so every process signs and checks alike. */
export const sandboxSecrets = pgTable('sandbox_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: at().notNull().defaultNow(),
});
