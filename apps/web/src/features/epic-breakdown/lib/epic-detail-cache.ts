import type { TEpic, TEpicDetail, TEpicFill, TEpicLevelState, TEpicOrder } from '@cdca/contracts';
import { money, ZERO } from '@cdca/engine';

/**
 * Pure updates of the cached breakdown from realtime events, so the page never refetches to stay current.
 * They mirror the server's epic-detail.ts: a level's state is its latest buy order's, its fill the sum of all.
 */

/** epic.updated carries the summary, without the inputs, plan, levels, orders or fills: keep ours. */
export const applyEpicSummary = (detail: TEpicDetail, epic: TEpic): TEpicDetail => {
  // An older event arriving late must not roll the figures back.
  if (Date.parse(epic.updatedAt) < Date.parse(detail.updatedAt)) return detail;
  return { ...detail, ...epic, levels: detail.levels, orders: detail.orders, fills: detail.fills };
};

const levelStates = (levels: readonly TEpicLevelState[], orders: readonly TEpicOrder[]): TEpicLevelState[] =>
  levels.map((level) => {
    const buys = orders.filter((order) => order.purpose === 'buy' && order.level === level.level);
    if (buys.length === 0) return level;
    const filled = buys.reduce((sum, order) => sum.plus(order.filledSize), ZERO);
    return { ...level, orderStatus: buys.at(-1)?.status ?? level.orderStatus, filledSize: filled.toFixed() };
  });

/** trade.updated: an order was written or moved on; newer states replace older ones. */
export const applyOrder = (detail: TEpicDetail, order: TEpicOrder): TEpicDetail => {
  const index = detail.orders.findIndex((existing) => existing.id === order.id);
  const current = index === -1 ? undefined : detail.orders[index];
  if (current && Date.parse(order.updatedAt) < Date.parse(current.updatedAt)) return detail;
  const orders =
    index === -1
      ? [...detail.orders, order]
      : detail.orders.map((existing, at) => (at === index ? order : existing));
  return { ...detail, orders, levels: levelStates(detail.levels, orders) };
};

/** trade.created: a fill, applied once (keyed by the exchange's trade id, as the server does). */
export const applyFill = (detail: TEpicDetail, fill: TEpicFill): TEpicDetail => {
  if (detail.fills.some((existing) => existing.tradeId === fill.tradeId)) return detail;
  const fills = [...detail.fills, fill].sort((a, b) => a.filledAt.localeCompare(b.filledAt));
  return { ...detail, fills };
};

/** Whether a level's buy has filled in full. */
export const isLevelFilled = (level: TEpicLevelState): boolean =>
  money(level.filledSize).gte(level.baseSize) && !money(level.baseSize).isZero();
