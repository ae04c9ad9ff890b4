import type { TEpic, TEpicCoin } from '@cdca/contracts';
import { POSITION_BOOK_KEYS, type PositionFigures, readPositionFigures } from '@cdca/engine';
import { sql } from 'drizzle-orm';
import type { CoinRow } from '../coins/coin-dto.ts';
import { epicPositionFigures } from './epic-position-figures.ts';
import { epics } from './epics.schema.ts';
import { plainDecimal, plainDecimalOrNull } from './plain-decimal.ts';

export type EpicRow = typeof epics.$inferSelect;

const POSITION_BOOK_KEYS_ARRAY = sql.raw(
  `array[${POSITION_BOOK_KEYS.map((key) => `'${key}'`).join(', ')}]::text[]`,
);

/**
 * The columns an epic's summary is made from, so lists read neither the inputs nor the plan (kilobytes an epic,
 * shown only in the detail: docs/decisions/epic-summary.md).
 */
export const epicSummaryColumns = {
  id: epics.id,
  status: epics.status,
  statusReason: epics.statusReason,
  productId: epics.productId,
  createdAt: epics.createdAt,
  updatedAt: epics.updatedAt,
  closedAt: epics.closedAt,
  activeDcaLevel: epics.activeDcaLevel,
  dcaLevels: epics.dcaLevels,
  budget: epics.budget,
  profitsDollarAmount: epics.profitsDollarAmount,
  avgBuyRate: epics.avgBuyRate,
  volume: epics.volume,
  // The figures' part of the position only, checked by readPositionFigures.
  position: sql<unknown>`${epics.position} - ${POSITION_BOOK_KEYS_ARRAY}`,
};
export type EpicSummaryRow = Omit<Pick<EpicRow, keyof typeof epicSummaryColumns>, 'position'> & {
  /** A whole stored position, or one with POSITION_BOOK_KEYS dropped. */
  position: unknown;
};

/** An epic's summary columns and its owner: what an event or a notice about it needs (the worker's row fits). */
export type OwnedEpicSummaryRow = EpicSummaryRow & Pick<EpicRow, 'accountId'>;

/** The part of a coin an epic shows; a full coins row fits. */
export type EpicCoinRow = Pick<CoinRow, 'id' | 'symbol' | 'name' | 'photo'>;

export const toEpicCoin = (coin: EpicCoinRow): TEpicCoin => ({
  id: coin.id,
  symbol: coin.symbol,
  name: coin.name,
  photo: coin.photo,
});

/**
 * The epic as lists and realtime events show it. The figures' part of the position is checked as it is read from
 * the row, unless the caller holds the position checked already (the engine, which read and changed it).
 */
export const toEpicDto = (
  row: EpicSummaryRow,
  coin: EpicCoinRow,
  position: PositionFigures | null = readPositionFigures(row.position),
): TEpic => ({
  id: row.id,
  coin: toEpicCoin(coin),
  status: row.status,
  statusReason: row.statusReason,
  coinSymbol: row.productId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  closedAt: row.closedAt?.toISOString() ?? null,
  activeDcaLevel: row.activeDcaLevel,
  dcaLevels: row.dcaLevels,
  budget: plainDecimal(row.budget),
  profitsDollarAmount: plainDecimalOrNull(row.profitsDollarAmount),
  avgBuyRate: plainDecimalOrNull(row.avgBuyRate),
  volume: plainDecimal(row.volume),
  ...epicPositionFigures(position),
});
