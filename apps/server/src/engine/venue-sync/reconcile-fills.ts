import type { Fill } from '@cdca/engine';
import { parseClientOrderId } from '@cdca/engine';
import type { EngineContext } from '../engine-context.ts';
import type { ClaimedEpic } from '../store/leases.ts';
import type { AccountSession } from './account-sessions.ts';

/**
 * The fills not yet booked, by the epic their client order id names; fills of epics this worker does not hold are
 * left to the worker that does. Skipping a booked fill here only saves work: the unique trade id in epic_fills is
 * what really guarantees once.
 */
export const newFillsByEpic = async (
  ctx: EngineContext,
  fills: readonly Fill[],
  held: readonly ClaimedEpic[],
): Promise<Map<string, Fill[]>> => {
  const ids = new Map(held.map((e) => [e.id.replaceAll('-', ''), e.id] as const));
  const unique = new Map<string, { epicId: string; fill: Fill }>();
  for (const fill of fills) {
    const parsed = parseClientOrderId(fill.clientOrderId);
    const epicId = parsed && ids.get(parsed.epic);
    if (epicId) unique.set(fill.tradeId, { epicId, fill });
  }
  const groups = new Map<string, Fill[]>();
  if (unique.size === 0) return groups;
  const booked = await ctx.store.bookedTradeIds([...unique.keys()]);
  for (const [tradeId, { epicId, fill }] of unique) {
    if (booked.has(tradeId)) continue;
    const group = groups.get(epicId);
    if (group) group.push(fill);
    else groups.set(epicId, [fill]);
  }
  return groups;
};

/**
 * Fills since the account's cursor minus an overlap (a venue may record a fill with an earlier timestamp than
 * one already seen), so a fill the stream dropped is still booked. `saveCursor` moves the cursor forward, and
 * only forward; call it once every fill of the epics this worker holds has been booked. It stops at the first fill
 * another worker's epic has not booked yet: the cursor is the account's, shared by every worker, and that worker's
 * reconcile must still find the fill its own stream may have dropped (docs/decisions/fill-cursor.md).
 */
export const fillsSinceCursor = async (
  ctx: EngineContext,
  session: AccountSession,
  accountId: string,
  held: readonly ClaimedEpic[],
  overlapMs: number,
) => {
  const cursor = (await ctx.store.readFillCursor(accountId))?.getTime();
  // Loops, not Math.min(...spread): an account may hold thousands of epics and fills.
  let earliest = Number.POSITIVE_INFINITY;
  for (const epic of held) earliest = Math.min(earliest, epic.createdAt.getTime());
  const from = (cursor ?? earliest) - overlapMs;
  const fills = await session.account.listFills({ since: new Date(from) });
  let latest = cursor ?? earliest;
  for (const fill of fills) latest = Math.max(latest, fill.time.getTime());
  const saveCursor = async () => {
    let upTo = latest;
    for (const fill of await ctx.store.unbookedLiveFills(fills)) upTo = Math.min(upTo, fill.time.getTime());
    if (cursor !== undefined && cursor >= upTo) return;
    await ctx.store.saveFillCursor(accountId, new Date(upTo));
  };
  return { fills, saveCursor };
};
