import type { TEpic } from '@cdca/contracts';
import { isTerminalEpicStatus } from '@/lib/epics/epic-status.ts';

/**
 * Applying epic events to cached lists. Events can arrive twice (the create answer and epic.created) or out of
 * order (two quick updates), so an older copy never replaces a newer one.
 */

const isOlder = (incoming: TEpic, cached: TEpic): boolean => incoming.updatedAt < cached.updatedAt;

const newestFirst = (a: TEpic, b: TEpic): number => b.createdAt.localeCompare(a.createdAt);

/** The dashboard's live list: a live epic is added or replaced, one that ended leaves the list. */
export const upsertLiveEpic = (list: readonly TEpic[], epic: TEpic): TEpic[] => {
  const cached = list.find((item) => item.id === epic.id);
  if (cached && isOlder(epic, cached)) return [...list];
  const others = list.filter((item) => item.id !== epic.id);
  if (isTerminalEpicStatus(epic.status)) return others;
  return [...others, epic].sort(newestFirst);
};

/** Recently ended epics (for today's P&L): an epic that ended is added or replaced; live ones are ignored. */
export const upsertEndedEpic = (list: readonly TEpic[], epic: TEpic): TEpic[] => {
  if (!isTerminalEpicStatus(epic.status)) return [...list];
  const cached = list.find((item) => item.id === epic.id);
  if (cached && isOlder(epic, cached)) return [...list];
  return [epic, ...list.filter((item) => item.id !== epic.id)];
};
