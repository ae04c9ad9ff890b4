import type { TEpic, TUpdateEpicBody } from '@cdca/contracts';
import type { EpicEvent } from '@cdca/engine';
import { transition } from '@cdca/engine';
import type { EventBus } from '../../realtime/event-bus.ts';
import { epicNotFound, transitionRefused } from './epic-errors.ts';
import { publishEpicUpdated } from './epic-events.ts';
import type { EpicsRepository } from './epics.repository.ts';

type Deps = { bus: EventBus; repository: EpicsRepository };

const EVENT_OF: Record<TUpdateEpicBody['action'], EpicEvent> = {
  cancel: 'cancel-requested',
  liquidate: 'liquidate-requested',
};

// The engine may move the epic between our read and our write; re-reading a few times settles any real race.
const ATTEMPTS = 3;

/**
 * PATCH /epics/{id}: the trader asks, the engine's transition table decides (cancel → cancelling, liquidate →
 * liquidating), and the engine carries it out. Nothing is sent to the exchange from here.
 */
export const requestEpicAction = async (
  { bus, repository }: Deps,
  accountId: string,
  id: string,
  { action }: TUpdateEpicBody,
): Promise<TEpic> => {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const found = await repository.findOwn(accountId, id);
    if (!found) throw epicNotFound();
    const moved = transition(found.epic.status, EVENT_OF[action]);
    if (!moved.ok) throw transitionRefused(found.epic.status, action);
    const row = await repository.moveStatus(accountId, id, found.epic.status, moved.state);
    if (row) return publishEpicUpdated(bus, row, found.coin);
  }
  const latest = await repository.findOwn(accountId, id);
  if (!latest) throw epicNotFound();
  throw transitionRefused(latest.epic.status, action);
};
