import type { TEpicDetail } from '@cdca/contracts';
import { money, ZERO } from '@cdca/engine';
import { distanceToTakeProfit, unrealisedPnl, unrealisedPnlPercent } from '@/lib/epics/epic-figures.ts';
import { isTerminalEpicStatus } from '@/lib/epics/epic-status.ts';

export type PositionSummary = {
  heldBase: string;
  /** Quote paid for the buys, fees included. */
  spent: string;
  /** The fees within `spent`: the budget bounds the orders, the fees come on top. */
  buyFees: string;
  fees: string;
  avgBuyRate: string | null;
  takeProfit: string | null;
  /** Percent the price must rise to reach the take-profit; null when none is set or the epic is over. */
  toTakeProfit: string | null;
  unrealised: string | null;
  unrealisedPercent: string | null;
  /** Booked profit: the epic's own figure once it ends, else what partial sells have locked in. */
  realised: string | null;
  /** Market value of what is held now. */
  heldValue: string | null;
  /** Average price the sells filled at (take-profit or liquidation); null before any sell. */
  soldAt: string | null;
};

/** Every figure the breakdown shows, from the epic, its fills and the current price, in exact decimals. */
export const positionSummary = (detail: TEpicDetail, price: string | undefined): PositionSummary => {
  let bought = ZERO;
  let sold = ZERO;
  let spent = ZERO;
  let proceeds = ZERO;
  let fees = ZERO;
  let sellFees = ZERO;
  let buyFees = ZERO;
  for (const fill of detail.fills) {
    const value = money(fill.price).mul(fill.size);
    fees = fees.plus(fill.fee);
    if (fill.side === 'buy') {
      bought = bought.plus(fill.size);
      spent = spent.plus(value).plus(fill.fee);
      buyFees = buyFees.plus(fill.fee);
    } else {
      sold = sold.plus(fill.size);
      proceeds = proceeds.plus(value);
      sellFees = sellFees.plus(fill.fee);
    }
  }
  const heldBase = detail.heldBase;
  const held = money(heldBase);
  const ended = isTerminalEpicStatus(detail.status);
  const avg = detail.avgBuyRate;
  // The engine's take-profit, as the server sends it: the price the order is placed at.
  const takeProfit = held.isZero() || ended ? null : detail.takeProfitPrice;
  const realised =
    detail.profitsDollarAmount ??
    (sold.isZero() || avg === null ? null : proceeds.minus(sellFees).minus(sold.mul(avg)).toFixed());
  return {
    heldBase,
    spent: spent.toFixed(),
    buyFees: buyFees.toFixed(),
    fees: fees.toFixed(),
    avgBuyRate: avg,
    takeProfit,
    toTakeProfit: distanceToTakeProfit(takeProfit, price),
    unrealised: ended ? null : unrealisedPnl(heldBase, avg, price),
    unrealisedPercent: ended || held.isZero() ? null : unrealisedPnlPercent(avg, price),
    realised,
    heldValue: price && !held.isZero() ? held.mul(price).toFixed() : null,
    soldAt: sold.isZero() ? null : proceeds.div(sold).toFixed(),
  };
};
