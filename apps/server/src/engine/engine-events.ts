import { toEpicFillDto, toEpicOrderDto } from '../modules/epics/epic-detail.ts';
import { type EpicCoinRow, publishEpicUpdated } from '../modules/epics/epic-events.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import type { EngineLog } from './engine-deps.ts';
import type { EpicRow, FillRow, OrderRow } from './store/epic-rows.ts';
import type { EpicStore } from './store/epic-store.ts';

/**
 * Realtime for the owning account, after the write is committed. A lost event is repaired by the next one or a
 * refetch, so a failure to publish is logged and never undoes or blocks trading. The epic is published from the
 * row the write returned (no read-back); its coin is read once per pass.
 */
export const createEngineEvents = ({
  store,
  bus,
  log,
}: {
  store: EpicStore;
  bus: EventBus;
  log: EngineLog;
}) => {
  let coinsThisPass = new Map<string, Promise<EpicCoinRow | undefined>>();
  const coinOf = (coinId: string) => {
    let found = coinsThisPass.get(coinId);
    if (!found) {
      found = store.coin(coinId);
      coinsThisPass.set(coinId, found);
    }
    return found;
  };
  const safely = async (what: string, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      log.warn({ err: error, what }, 'engine: publishing a realtime event failed');
    }
  };
  return {
    /** Coins are re-read each pass, so a renamed coin shows in the next event. */
    newPass: () => {
      coinsThisPass = new Map();
    },
    epicUpdated: (row: EpicRow) =>
      safely('epic.updated', async () => {
        const coin = await coinOf(row.coinId);
        // The worker's position was checked when read and has only changed through the domain's functions since.
        if (coin) await publishEpicUpdated(bus, row, coin, row.position);
      }),
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
