import { z } from 'zod';
import {
  normalisePosition,
  type Position,
  type PositionFigures,
  type PositionOrder,
  type StoredPosition,
} from './position.ts';

/** Decimal strings as the position stores them (never floats: docs/decisions/take-profit-break-even.md). */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'a decimal string');

const ZPositionOrder = z.object({
  clientOrderId: z.string(),
  purpose: z.enum(['buy', 'take-profit', 'liquidation']),
  level: z.number().int(),
  attempt: z.number().int(),
  side: z.enum(['buy', 'sell']),
  baseSize: decimal,
  limitPrice: decimal.nullable(),
  filledSize: decimal,
  retired: z.boolean(),
}) satisfies z.ZodType<PositionOrder>;

/** What the epics.position column holds: today's Position, or one saved before sells were split. */
const ZStoredPosition = z.object({
  epicId: z.string(),
  productId: z.string(),
  rules: z.object({
    baseIncrement: decimal,
    priceIncrement: decimal,
    baseMinSize: decimal,
    quoteMinSize: decimal,
    baseMaxSize: decimal.optional(),
    quoteMaxSize: decimal.optional(),
  }),
  sellSpread: decimal,
  sellFeeRate: decimal.optional(),
  levels: z.array(
    z.object({ level: z.number().int(), price: decimal, baseSize: decimal, filledSize: decimal }),
  ),
  orders: z.record(z.string(), ZPositionOrder),
  takeProfitIds: z.array(z.string()).optional(),
  takeProfitId: z.string().nullable().optional(),
  takeProfitCount: z.number().int(),
  boughtBase: decimal,
  heldBase: decimal,
  quoteSpent: decimal,
  buyFees: decimal,
  soldBase: decimal,
  proceeds: decimal,
  sellFees: decimal,
  appliedTradeIds: z.array(z.string()),
  finishedBy: z.enum(['take-profit', 'liquidation']).nullable(),
}) satisfies z.ZodType<StoredPosition>;

/**
 * The position a stored epic holds, checked once as it is read (a column is only as trustworthy as every writer
 * it ever had), in today's shape; null before one was written. Throws when the document is not a position: an
 * epic must never be traded from a book it cannot read.
 */
export const readStoredPosition = (stored: unknown): Position | null => {
  if (stored === null || stored === undefined) return null;
  return normalisePosition(ZStoredPosition.parse(stored));
};

/** The fields readPositionFigures checks, the rest of the document stripped. */
const ZPositionFigures = ZStoredPosition.pick({
  sellSpread: true,
  sellFeeRate: true,
  boughtBase: true,
  heldBase: true,
  quoteSpent: true,
  buyFees: true,
  finishedBy: true,
}).extend({ rules: z.object({ priceIncrement: decimal }) }) satisfies z.ZodType<PositionFigures>;

/**
 * The document's parts that readPositionFigures never reads: the order book, the levels and the ids of every fill
 * applied, which grow with the epic. A list drops them in the database (`position - keys`), so it neither sends
 * nor parses them.
 */
export const POSITION_BOOK_KEYS = [
  'levels',
  'orders',
  'appliedTradeIds',
  'takeProfitIds',
  'takeProfitId',
] as const;

/**
 * Only what an epic's figures are worked out from, checked like readStoredPosition checks the whole; null before a
 * position was written. Reads a whole stored position as well as one with POSITION_BOOK_KEYS dropped.
 */
export const readPositionFigures = (stored: unknown): PositionFigures | null => {
  if (stored === null || stored === undefined) return null;
  return ZPositionFigures.parse(stored);
};
