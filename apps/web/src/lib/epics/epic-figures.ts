import type { TEpic, TEpicFill, TEpicOrder } from '@cdca/contracts/epics.ts';
import { HUNDRED, money, ONE, ROUND_HALF_UP, ZERO } from '@cdca/engine/money/money-decimal.ts';

/**
 * Position figures for display, computed exactly with the engine's decimal. Inputs are the wire's decimal
 * strings; outputs are plain decimal strings (or null when the figure does not exist yet), which the
 * lib/format helpers turn into text.
 */

type FillTotals = { boughtBase: string; soldBase: string; heldBase: string; proceeds: string; fees: string };

/** What the fills add up to: bought, sold and held base, sell proceeds and all fees. */
export const fillTotals = (fills: readonly TEpicFill[]): FillTotals => {
  let bought = ZERO;
  let sold = ZERO;
  let proceeds = ZERO;
  let fees = ZERO;
  for (const fill of fills) {
    fees = fees.plus(fill.fee);
    if (fill.side === 'buy') bought = bought.plus(fill.size);
    else {
      sold = sold.plus(fill.size);
      proceeds = proceeds.plus(money(fill.price).mul(fill.size));
    }
  }
  return {
    boughtBase: bought.toFixed(),
    soldBase: sold.toFixed(),
    heldBase: bought.minus(sold).toFixed(),
    proceeds: proceeds.toFixed(),
    fees: fees.toFixed(),
  };
};

/**
 * Base held judged from the plan alone (list rows carry no fills): the cumulative size of the levels filled so
 * far. Exact while no take-profit has partly sold, which is the case for every live epic the dashboard shows.
 */
export const plannedHeldBase = (epic: Pick<TEpic, 'activeDcaLevel' | 'plan'>): string => {
  if (epic.activeDcaLevel <= 0) return '0';
  const level = epic.plan.levels[Math.min(epic.activeDcaLevel, epic.plan.levels.length) - 1];
  return level?.cumulativeSize ?? '0';
};

/** Quote spent so far (incl. fees) judged from avgBuyRate × base held. */
export const costBasis = (heldBase: string, avgBuyRate: string | null): string | null =>
  avgBuyRate === null ? null : money(heldBase).mul(avgBuyRate).toFixed();

/** Value of what is held at `price` minus what it cost; null without a position or a price. */
export const unrealisedPnl = (
  heldBase: string,
  avgBuyRate: string | null,
  price: string | null | undefined,
): string | null => {
  if (avgBuyRate === null || !price) return null;
  const held = money(heldBase);
  if (held.isZero()) return null;
  return held.mul(money(price).minus(avgBuyRate)).toFixed();
};

/** Unrealised P&L as a percent of the cost of what is held. */
export const unrealisedPnlPercent = (avgBuyRate: string | null, price: string | null | undefined) => {
  if (avgBuyRate === null || !price || money(avgBuyRate).isZero()) return null;
  return money(price).div(avgBuyRate).minus(ONE).mul(HUNDRED).toFixed();
};

/**
 * The take-profit price: the live take-profit order's limit when the breakdown has orders, else
 * avgBuyRate × (1 + sellSpread/100) — the same formula the engine uses, before its rounding up to the
 * product's price increment (so at most one increment lower than the order).
 */
export const takeProfitPrice = (
  epic: Pick<TEpic, 'avgBuyRate'> & { inputs: Pick<TEpic['inputs'], 'sellSpread'> },
  orders?: readonly TEpicOrder[],
): string | null => {
  const live = orders?.find((order) => order.purpose === 'take-profit' && order.status === 'open');
  if (live?.limitPrice) return live.limitPrice;
  if (epic.avgBuyRate === null) return null;
  return money(epic.avgBuyRate)
    .mul(ONE.plus(money(epic.inputs.sellSpread).div(HUNDRED)))
    .toFixed();
};

/** Percent the price must still move to reach the take-profit (negative: already above it). */
export const distanceToTakeProfit = (
  target: string | null,
  price: string | null | undefined,
): string | null => {
  if (target === null || !price || money(price).isZero()) return null;
  return money(target).div(price).minus(ONE).mul(HUNDRED).toFixed();
};

/** Budget used so far: quote of the levels filled, from the plan. */
export const budgetUsed = (epic: Pick<TEpic, 'activeDcaLevel' | 'plan'>): string => {
  const filled = epic.plan.levels.slice(0, Math.max(0, epic.activeDcaLevel));
  return filled.reduce((sum, level) => sum.plus(level.cost), ZERO).toFixed();
};

/** Sum of decimal strings (totals of history rows), skipping nulls. */
export const sumDecimals = (values: readonly (string | null)[]): string =>
  values
    .reduce<ReturnType<typeof money>>((sum, value) => (value === null ? sum : sum.plus(value)), ZERO)
    .toFixed();

/** 'up' | 'down' | 'flat' for colouring profits: SPEC.md §4 green positive, red negative, white zero. */
export const profitTone = (value: string | null): 'up' | 'down' | 'flat' => {
  if (value === null) return 'flat';
  // Judged on whole cents, as shown: $0.004 reads $0.00 and must not be green.
  const amount = money(value).toDecimalPlaces(2, ROUND_HALF_UP);
  if (amount.isZero()) return 'flat';
  return amount.isNegative() ? 'down' : 'up';
};
