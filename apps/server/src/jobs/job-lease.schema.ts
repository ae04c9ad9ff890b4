import { pgTable, text } from 'drizzle-orm/pg-core';
import { instantColumn as at } from '../db/columns.ts';

/**
 * One row per job that only one process may run at a time (today: writing coin prices), naming the process that
 * holds it and until when (docs/decisions/coin-price-writer.md).
 */
export const jobLeases = pgTable('job_leases', {
  name: text().primaryKey(),
  holder: text().notNull(),
  expiresAt: at().notNull(),
});
