import type { TEpicPlan } from '@cdca/contracts';
import {
  applyFill,
  avgBuyRate,
  clientOrderId,
  createPosition,
  type Intent,
  money,
  type Position,
  type Product,
  sellFeeRateOf,
  takeProfitPrice,
} from '@cdca/engine';

/** A made-up epic id: the simulation's orders only need ids the position recognises. */
const SIMULATED_EPIC = '00000000-0000-4000-8000-00000000a11d';

export type SimulatedPosition = {
  filled: number[];
  /** Everything spent, fees included, over the coins bought; null before any fill. */
  avgBuyRate: string | null;
  /** Where the epic's take-profit sell now sits (the order the engine would place); null before any fill. */
  takeProfit: string | null;
  breakEven: string | null;
  held: string;
  spent: string;
};

const placedTakeProfit = (intents: readonly Intent[]): string | undefined => {
  for (const intent of intents) {
    if (intent.type !== 'place-order' || intent.order.purpose !== 'take-profit') continue;
    if ('limitPrice' in intent.request) return intent.request.limitPrice;
  }
  return undefined;
};

/**
 * Books buy fills of the chosen levels through the engine's own position code (createPosition, applyFill), in
 * level order, each at its planned price with its planned fee — exactly how the worker books a venue's fill — so
 * the average and take-profit shown are the ones a real epic would reach (docs/decisions/academy.md).
 */
export const simulateFills = (
  plan: TEpicPlan,
  product: Product,
  levels: readonly number[],
): SimulatedPosition => {
  let position: Position = createPosition(SIMULATED_EPIC, plan, product);
  let takeProfit: string | undefined;
  const filled = [...new Set(levels)].sort((a, b) => a - b);
  for (const n of filled) {
    const level = plan.levels.find((l) => l.level === n);
    if (!level) throw new Error(`the plan has no level ${n}`);
    const id = clientOrderId(SIMULATED_EPIC, 'buy', n, 0);
    const applied = applyFill(position, {
      tradeId: `simulated-${n}`,
      orderId: `simulated-order-${n}`,
      clientOrderId: id,
      productId: position.productId,
      side: 'buy',
      price: level.price,
      size: level.baseSize,
      fee: level.estimatedFee,
      liquidity: level.placement === 'resting' ? 'maker' : 'taker',
      time: new Date(0),
    });
    position = applied.position;
    takeProfit = placedTakeProfit(applied.intents) ?? takeProfit;
  }
  if (filled.length === 0) {
    return { filled, avgBuyRate: null, takeProfit: null, breakEven: null, held: '0', spent: '0' };
  }
  const priced = takeProfitPrice({
    quoteSpent: money(position.quoteSpent),
    bought: money(position.boughtBase),
    sellSpread: money(position.sellSpread),
    sellFeeRate: sellFeeRateOf(position),
    priceIncrement: money(position.rules.priceIncrement),
  });
  return {
    filled,
    avgBuyRate: avgBuyRate(position),
    takeProfit: takeProfit ?? priced.price.toFixed(),
    breakEven: priced.breakEven.toFixed(),
    held: position.heldBase,
    spent: position.quoteSpent,
  };
};
