import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type DayCandles, decodeDay, encodeDay, mergeDays } from './candle-day-codec.ts';
import { candleDays, candleFills } from './candles.schema.ts';

export const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of the UTC day holding `timeMs`. */
export const dayOf = (timeMs: number) =>
  new Date(Math.floor(timeMs / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
export const dayStartMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

export type FillProgress = { heldFrom: number; heldTo: number };

/** Rows written per statement: a full day packs to ~10 KB, so a year goes in a handful of round trips. */
const WRITE_BATCH = 60;

/** The candle store's SQL (docs/decisions/candle-store.md): day rows in, day rows out, and the fill cursor. */
export const createCandlesRepository = (db: Db) => ({
  /** Every stored day of the product from `fromDay` to `toDay` inclusive, decoded, oldest first. */
  readDays: async (productId: string, fromDay: string, toDay: string) => {
    const rows = await db
      .select({ day: candleDays.day, data: candleDays.data })
      .from(candleDays)
      .where(
        and(eq(candleDays.productId, productId), gte(candleDays.day, fromDay), lte(candleDays.day, toDay)),
      )
      .orderBy(asc(candleDays.day));
    return rows.map((row) => ({ day: row.day, candles: decodeDay(row.data) }));
  },

  /** Lays `days` over what is stored (a newer answer for a minute wins) and writes them back, in one transaction. */
  writeDays: async (productId: string, days: ReadonlyMap<string, DayCandles>, priceDecimals: number) => {
    const wanted = [...days.keys()].sort();
    const first = wanted[0];
    const last = wanted.at(-1);
    if (first === undefined || last === undefined) return;
    await db.transaction(async (tx) => {
      const stored = await tx
        .select({ day: candleDays.day, data: candleDays.data })
        .from(candleDays)
        .where(
          and(eq(candleDays.productId, productId), gte(candleDays.day, first), lte(candleDays.day, last)),
        )
        .for('update');
      const storedByDay = new Map(stored.map((row) => [row.day, row.data]));
      const rows = wanted.map((day) => {
        const fresh = days.get(day) as DayCandles;
        const old = storedByDay.get(day);
        const merged = old ? mergeDays(decodeDay(old), fresh) : fresh;
        return { productId, day, minutes: merged.minute.length, data: encodeDay(merged, priceDecimals) };
      });
      for (let i = 0; i < rows.length; i += WRITE_BATCH) {
        await tx
          .insert(candleDays)
          .values(rows.slice(i, i + WRITE_BATCH))
          .onConflictDoUpdate({
            target: [candleDays.productId, candleDays.day],
            set: { minutes: sql`excluded.minutes`, data: sql`excluded.data`, updatedAt: sql`now()` },
          });
      }
    });
  },

  progress: async (productId: string): Promise<FillProgress | undefined> => {
    const [row] = await db.select().from(candleFills).where(eq(candleFills.productId, productId));
    return row && { heldFrom: row.heldFrom.getTime(), heldTo: row.heldTo.getTime() };
  },

  /** Widens the product's held span; never narrows it, so two fills racing each other cannot lose ground. */
  widenProgress: async (productId: string, span: FillProgress) => {
    const heldFrom = new Date(span.heldFrom);
    const heldTo = new Date(span.heldTo);
    await db
      .insert(candleFills)
      .values({ productId, heldFrom, heldTo })
      .onConflictDoUpdate({
        target: candleFills.productId,
        set: {
          heldFrom: sql`least(${candleFills.heldFrom}, excluded.held_from)`,
          heldTo: sql`greatest(${candleFills.heldTo}, excluded.held_to)`,
          updatedAt: sql`now()`,
        },
      });
  },
});

export type CandlesRepository = ReturnType<typeof createCandlesRepository>;
