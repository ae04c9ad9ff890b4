import type { TEpicPlan } from '@cdca/contracts';
import type { Fill, OrderRequest } from '../market/order.ts';
import type { Product } from '../market/product.ts';
import { type MoneyDecimal, money, ONE, ROUND_UP } from '../money/money-decimal.ts';
import { priceUpToIncrement } from '../money/round-to-increment.ts';
import { applyFill } from '../position/apply-fill.ts';
import { LIQUIDATION_HEADROOM, liquidationOrders } from '../position/liquidation.ts';
import { openingIntents } from '../position/opening-intents.ts';
import { createPosition, type Intent, type Position } from '../position/position.ts';
import { sellFeeRateOf } from '../position/sell-limits.ts';

/**
 * Every order an epic can send in its life, for property tests (tests only): the opening buys, each take-profit
 * after any given set of fills (in the given order), a part of the take-profit filling, and the liquidation (stop or
 * the trader's) at the prices given. `judge` is the venue's own validation; whatever it throws is collected.
 */
export type JudgedOrder = { request: OrderRequest; price: MoneyDecimal; stage: string };
export type Judge = (order: JudgedOrder) => void;

export type LifeReport = {
  orders: number;
  refused: { stage: string; request: OrderRequest; error: string }[];
  /** A take-profit under the break-even of the position it sells (never expected). */
  underBreakEven: { levels: number[]; price: string; breakEven: string }[];
  /** Liquidations that found only dust (not sent). */
  dust: number;
};

const EPIC_ID = '00000000-0000-4000-8000-000000000001';
let trade = 0;

const placeOrders = (intents: readonly Intent[]) =>
  intents.flatMap((i) => (i.type === 'place-order' ? [i.request] : []));

/** Fills `size` of the order at `price`, as the paper venue would (fee rounded up to 18 decimals). */
const fillOf = (
  clientOrderId: string,
  side: 'buy' | 'sell',
  price: string,
  size: string,
  rate: string,
): Fill => ({
  tradeId: `t${++trade}`,
  orderId: `o-${clientOrderId}`,
  clientOrderId,
  productId: 'X',
  side,
  price,
  size,
  fee: money(price).mul(size).mul(rate).toDecimalPlaces(18, ROUND_UP).toFixed(),
  liquidity: 'maker',
  time: new Date(0),
});

const withProduct = (fill: Fill, position: Position): Fill => ({ ...fill, productId: position.productId });

export const lifeOf = (
  plan: TEpicPlan,
  product: Product,
  fillSets: readonly (readonly number[])[],
  judge: Judge,
): LifeReport => {
  const report: LifeReport = { orders: 0, refused: [], underBreakEven: [], dust: 0 };
  const check = (request: OrderRequest, price: MoneyDecimal, stage: string) => {
    report.orders++;
    try {
      judge({ request, price, stage });
    } catch (error) {
      report.refused.push({ stage, request, error: error instanceof Error ? error.message : String(error) });
    }
  };
  const start = createPosition(EPIC_ID, plan, product);
  const reference = money(plan.referencePrice);
  for (const request of placeOrders(openingIntents(start))) check(request, reference, 'opening buy');
  // Levels above the market are sent when their trigger fires: a limit at (about) the level's price.
  for (const level of plan.levels.filter((l) => l.placement === 'trigger')) {
    const request: OrderRequest = {
      type: 'limit',
      clientOrderId: `trigger-${level.level}`,
      productId: plan.productId,
      side: 'buy',
      baseSize: level.baseSize,
      limitPrice: level.price,
      postOnly: false,
    };
    check(request, money(level.price), 'triggered buy');
  }

  const increment = money(product.priceIncrement);
  for (const set of fillSets) {
    let position = start;
    for (const levelNumber of set) {
      const level = plan.levels[levelNumber - 1];
      if (!level) continue;
      const buy = Object.values(position.orders).find((o) => o.purpose === 'buy' && o.level === levelNumber);
      if (!buy) continue;
      const rate = level.placement === 'resting' ? plan.makerFeeRate : plan.takerFeeRate;
      const applied = applyFill(
        position,
        withProduct(fillOf(buy.clientOrderId, 'buy', level.price, level.baseSize, rate), position),
      );
      position = applied.position;
      for (const request of placeOrders(applied.intents)) {
        check(request, money(request.type === 'limit' ? request.limitPrice : level.price), 'take-profit');
      }
      checkBreakEven(position, set, report);
    }
    // A part of the take-profit fills halfway: whatever the position asks for next must fit too.
    const part = position.takeProfitIds[0] ? position.orders[position.takeProfitIds[0]] : undefined;
    if (part?.limitPrice) {
      const half = money(part.baseSize).div(2).div(product.baseIncrement).floor().mul(product.baseIncrement);
      if (half.gt(0)) {
        const sold = applyFill(
          position,
          withProduct(
            fillOf(part.clientOrderId, 'sell', part.limitPrice, half.toFixed(), plan.takerFeeRate),
            position,
          ),
        );
        for (const request of placeOrders(sold.intents))
          check(request, money(part.limitPrice), 'take-profit after a sell');
      }
    }
    // The stop at its price, and the trader's liquidate anywhere up to the take-profit; the venue may see a
    // price up to the engine's headroom above the one the engine read.
    const prices = [plan.stopPrice, part?.limitPrice, plan.referencePrice].flatMap((p) =>
      p ? [money(p)] : [],
    );
    for (const price of prices) {
      const sale = liquidationOrders(position, price);
      if (sale.kind === 'dust') report.dust++;
      if (sale.kind !== 'sell') continue;
      const high = priceUpToIncrement(price.mul(LIQUIDATION_HEADROOM), increment);
      for (const request of placeOrders(sale.intents)) {
        check(request, price, 'liquidation');
        check(request, high, 'liquidation after the price rose');
      }
    }
  }
  return report;
};

/** Proceeds of the take-profit after the sell fee must cover what the held coins cost (their share of quoteSpent). */
const checkBreakEven = (position: Position, levels: readonly number[], report: LifeReport) => {
  const live = position.takeProfitIds.flatMap((id) => position.orders[id] ?? []);
  const first = live[0];
  if (!first?.limitPrice) return;
  const price = money(first.limitPrice);
  const cost = money(position.quoteSpent);
  const bought = money(position.boughtBase);
  const proceeds = price.mul(bought).mul(ONE.minus(sellFeeRateOf(position)));
  if (proceeds.lt(cost)) {
    report.underBreakEven.push({
      levels: [...levels],
      price: price.toFixed(),
      breakEven: cost.div(bought.mul(ONE.minus(sellFeeRateOf(position)))).toFixed(),
    });
  }
};
