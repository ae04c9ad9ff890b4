import { parseClientOrderId } from '@cdca/engine';

/**
 * Client order ids this process wrote as intents and never tried to send: they need no look-up on the venue
 * before sending. Only true while this process held the epic throughout, so an epic whose lease was lost (or
 * that is claimed afresh) is forgotten: another worker may have sent its orders meanwhile.
 */
export const createKnownAbsent = () => {
  const byEpic = new Map<string, Set<string>>();
  const epicOf = (clientOrderId: string) => parseClientOrderId(clientOrderId)?.epic ?? '';
  return {
    add: (clientOrderId: string) => {
      const epic = epicOf(clientOrderId);
      const ids = byEpic.get(epic) ?? new Set<string>();
      ids.add(clientOrderId);
      byEpic.set(epic, ids);
    },
    has: (clientOrderId: string) => byEpic.get(epicOf(clientOrderId))?.has(clientOrderId) ?? false,
    /** true when it was known absent (and no longer is). */
    delete: (clientOrderId: string) => {
      const epic = epicOf(clientOrderId);
      const ids = byEpic.get(epic);
      const deleted = ids?.delete(clientOrderId) ?? false;
      // Nothing kept for an epic with nothing unsent: a long-running worker sees many epics come and go.
      if (ids?.size === 0) byEpic.delete(epic);
      return deleted;
    },
    forgetEpic: (epicId: string) => {
      byEpic.delete(epicId.replaceAll('-', '').toLowerCase());
    },
  };
};
export type KnownAbsent = ReturnType<typeof createKnownAbsent>;
