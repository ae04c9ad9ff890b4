import type { TEpic, TEpicCoin, TEpicInputs, TEpicPlan } from '@cdca/contracts';
import { type Position, readStoredPosition } from '@cdca/engine';
import type { CoinRow } from '../coins/coin-dto.ts';
import { epicPositionFigures } from './epic-position-figures.ts';
import type { epics } from './epics.schema.ts';
import { plainDecimal, plainDecimalOrNull } from './plain-decimal.ts';

export type EpicRow = typeof epics.$inferSelect;

/** The part of a coin an epic shows; a full coins row fits. */
export type EpicCoinRow = Pick<CoinRow, 'id' | 'symbol' | 'name' | 'photo'>;

export const toEpicCoin = (coin: EpicCoinRow): TEpicCoin => ({
  id: coin.id,
  symbol: coin.symbol,
  name: coin.name,
  photo: coin.photo,
});

/**
 * The epic as the API and realtime events show it. inputs and plan were validated by the contracts' schemas
 * before they were stored and only this server writes them, so they are read back as those types. The position is
 * checked as it is read from the row, unless the caller holds it checked already (the engine, which read and
 * changed it).
 */
export const toEpicDto = (
  row: EpicRow,
  coin: EpicCoinRow,
  position: Position | null = readStoredPosition(row.position),
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
  inputs: row.inputs as TEpicInputs,
  plan: row.plan as TEpicPlan,
  ...epicPositionFigures(position),
});
