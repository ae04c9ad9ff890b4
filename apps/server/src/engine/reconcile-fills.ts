import { parseClientOrderId } from '@cdca/engine/position/client-order-id.ts';
import type { Fill } from '@cdca/exchange/exchange.ts';
import { eq, sql } from 'drizzle-orm';
import { engineFillCursors } from '../modules/epics/epics.schema.ts';
import type { AccountSession } from './account-sessions.ts';
import { applyFills } from './apply-fills.ts';
import type { EngineContext } from './engine-context.ts';
import { type EpicRow, readPosition } from './epic-rows.ts';

/** Groups fills by the epic their client order id names; fills of epics this worker does not hold are left. */
const byEpic = (fills: readonly Fill[], held: readonly EpicRow[]) => {
  const ids = new Map(held.map((e) => [e.id.replaceAll('-', ''), e] as const));
  const groups = new Map<EpicRow, Fill[]>();
  for (const fill of fills) {
    const parsed = parseClientOrderId(fill.clientOrderId);
    const epic = parsed && ids.get(parsed.epic);
    if (!epic) continue;
    // Cheap pre-check; the unique trade id in epic_fills is what really guarantees once.
    if (readPosition(epic)?.appliedTradeIds.includes(fill.tradeId)) continue;
    groups.set(epic, [...(groups.get(epic) ?? []), fill]);
  }
  return groups;
};

export const applyAccountFills = async (
  ctx: EngineContext,
  fills: readonly Fill[],
  held: readonly EpicRow[],
) => {
  for (const [epic, group] of byEpic(fills, held)) await applyFills(ctx, epic.id, group);
};

/**
 * Fills since the account's cursor minus an overlap (a venue may record a fill with an earlier timestamp than
 * one already seen), so a fill the stream dropped is still booked. The cursor only moves forward.
 */
export const reconcileAccount = async (
  ctx: EngineContext,
  session: AccountSession,
  accountId: string,
  held: readonly EpicRow[],
  overlapMs: number,
) => {
  const [cursor] = await ctx.db
    .select()
    .from(engineFillCursors)
    .where(eq(engineFillCursors.accountId, accountId));
  const earliest = Math.min(...held.map((e) => e.createdAt.getTime()));
  const from = cursor ? cursor.fillsSince.getTime() - overlapMs : earliest - overlapMs;
  const fills = await session.account.listFills({ since: new Date(from) });
  await applyAccountFills(ctx, fills, held);
  const latest = Math.max(...fills.map((f) => f.time.getTime()), cursor?.fillsSince.getTime() ?? earliest);
  await ctx.db
    .insert(engineFillCursors)
    .values({ accountId, fillsSince: new Date(latest) })
    .onConflictDoUpdate({
      target: engineFillCursors.accountId,
      set: { fillsSince: sql`greatest(${engineFillCursors.fillsSince}, excluded.fills_since)` },
    });
};
