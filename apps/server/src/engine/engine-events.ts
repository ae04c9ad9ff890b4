import type { Db } from '../db/client.ts';
import { toEpicFillDto, toEpicOrderDto } from '../modules/epics/epic-detail.ts';
import { publishEpicUpdatedById } from '../modules/epics/epic-events.ts';
import type { epicFills } from '../modules/epics/epics.schema.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { EngineLog } from './engine-deps.ts';
import type { OrderRow } from './epic-rows.ts';

type FillRow = typeof epicFills.$inferSelect;

/**
 * Realtime for the owning account, after the write is committed. A lost event is repaired by the next one or a
 * refetch, so a failure to publish is logged and never undoes or blocks trading.
 */
export const createEngineEvents = ({ db, bus, log }: { db: Db; bus: EventBus; log: EngineLog }) => {
  const safely = async (what: string, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      log.warn({ err: error, what }, 'engine: publishing a realtime event failed');
    }
  };
  return {
    epicUpdated: (epicId: string) => safely('epic.updated', () => publishEpicUpdatedById(db, bus, epicId)),
    tradeCreated: (accountId: string, fill: FillRow) =>
      safely('trade.created', () =>
        bus.publish({
          accountId,
          message: {
            routingKey: 'trade.created',
            event: { id: fill.tradeId, epicId: fill.epicId, ...toEpicFillDto(fill) },
          },
        }),
      ),
    tradeUpdated: (accountId: string, order: OrderRow) =>
      safely('trade.updated', () =>
        bus.publish({
          accountId,
          message: { routingKey: 'trade.updated', event: { ...toEpicOrderDto(order), epicId: order.epicId } },
        }),
      ),
  };
};
export type EngineEvents = ReturnType<typeof createEngineEvents>;
