import { money, takeProfitPrice } from '@cdca/engine';

export type BreakEvenInputs = {
  /** Average buy price, fees included (what the epic shows as "average"). */
  average: string;
  /** The sell's fee rate in percent (0.6 = Coinbase's entry taker fee). */
  feePercent: string;
  sellSpread: string;
  /** The market's price step; cents for the lesson markets. */
  priceIncrement?: string;
};

export type BreakEvenFigures = {
  breakEven: string;
  /** average × (1 + sell spread), rounded up to the step. */
  bySpread: string;
  /** What the engine places: bySpread, never below break-even. */
  takeProfit: string;
  /** Whether the spread alone would sell below break-even, which the planner refuses. */
  refused: boolean;
  /** Profit per $100 spent at the take-profit, after the sell fee. */
  marginPercent: string;
};

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * The break-even and take-profit of one average buy price, from the engine's takeProfitPrice (the function the
 * worker prices every take-profit with), for one coin bought at `average`. Null while an input is not a number.
 */
export const breakEvenFigures = (inputs: BreakEvenInputs): BreakEvenFigures | null => {
  const { average, feePercent, sellSpread, priceIncrement = '0.01' } = inputs;
  if (![average, feePercent, sellSpread].every((v) => DECIMAL.test(v))) return null;
  const avg = money(average);
  const fee = money(feePercent).div(100);
  if (avg.lte(0) || fee.gte(1)) return null;
  const priced = takeProfitPrice({
    quoteSpent: avg,
    bought: money(1),
    sellSpread: money(sellSpread),
    sellFeeRate: fee,
    priceIncrement: money(priceIncrement),
  });
  const proceeds = priced.price.mul(money(1).minus(fee));
  return {
    breakEven: priced.breakEven.toFixed(),
    bySpread: priced.bySpread.toFixed(),
    takeProfit: priced.price.toFixed(),
    refused: priced.bySpread.lt(priced.breakEven),
    marginPercent: proceeds.div(avg).minus(1).mul(100).toDecimalPlaces(2).toFixed(2),
  };
};
