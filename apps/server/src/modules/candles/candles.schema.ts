import { customType, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres answers a Buffer, PGlite a Uint8Array: one type for the codec either way.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Minute candles, one row per product per UTC day (docs/decisions/candle-store.md): `data` is the day packed by
 * candle-day-codec.ts (already deflated, so the column is stored EXTERNAL: PostgreSQL does not compress it again).
 */
export const candleDays = pgTable(
  'candle_days',
  {
    productId: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    /** Minutes of the day that traded (rows in `data`). */
    minutes: integer().notNull(),
    data: bytea().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] })],
);

/**
 * How far the store was filled per product: the venue has been asked for every minute in [heldFrom, heldTo), so a
 * minute missing in between had no trades. A fill resumes from here after a restart.
 */
export const candleFills = pgTable('candle_fills', {
  productId: text().primaryKey(),
  heldFrom: timestamp({ withTimezone: true }).notNull(),
  heldTo: timestamp({ withTimezone: true }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
