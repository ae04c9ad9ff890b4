import type { TEpic } from '@cdca/contracts';
import type { Position } from '@cdca/engine';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import { coins } from '../coins/coins.schema.ts';
import { type EpicCoinRow, type EpicRow, type OwnedEpicSummaryRow, toEpicDto } from './epic-dto.ts';
import { epics } from './epics.schema.ts';

export { type EpicCoinRow, type EpicRow, type OwnedEpicSummaryRow, toEpicDto } from './epic-dto.ts';

/**
 * Realtime epic events, shared by the API (created, user actions) and the engine (every status or figure change),
 * so both send the same body. Only the owning account receives them.
 */
export const publishEpicCreated = async (bus: EventBus, row: EpicRow, coin: EpicCoinRow): Promise<TEpic> => {
  const epic = toEpicDto(row, coin);
  await bus.publish({ accountId: row.accountId, message: { routingKey: 'epic.created', event: epic } });
  return epic;
};

/** `position`: the row's position when the caller holds it checked already (the engine); read from the row otherwise. */
export const publishEpicUpdated = async (
  bus: EventBus,
  row: OwnedEpicSummaryRow,
  coin: EpicCoinRow,
  position?: Position | null,
): Promise<TEpic> => {
  // Undefined falls to toEpicDto's default: the row's own position, checked.
  const epic = toEpicDto(row, coin, position);
  await bus.publish({ accountId: row.accountId, message: { routingKey: 'epic.updated', event: epic } });
  return epic;
};

/** The epic and its coin as stored now, or undefined when it is gone. */
export const loadEpicWithCoin = async (
  db: Db,
  epicId: string,
): Promise<{ epic: EpicRow; coin: EpicCoinRow } | undefined> => {
  const [found] = await db
    .select({
      epic: epics,
      coin: { id: coins.id, symbol: coins.symbol, name: coins.name, photo: coins.photo },
    })
    .from(epics)
    .innerJoin(coins, eq(coins.id, epics.coinId))
    .where(eq(epics.id, epicId));
  return found;
};

/** For writers that hold only the id (the engine after a write): reads the row back and publishes epic.updated. */
export const publishEpicUpdatedById = async (
  db: Db,
  bus: EventBus,
  epicId: string,
): Promise<TEpic | undefined> => {
  const found = await loadEpicWithCoin(db, epicId);
  return found && publishEpicUpdated(bus, found.epic, found.coin);
};
