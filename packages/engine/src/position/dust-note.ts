import { formatUsdDown } from '../money/format-fixed.ts';
import { money } from '../money/money-decimal.ts';

/**
 * What the epic says when a stop or a liquidation leaves coins it could not sell (docs/decisions/dust.md): the
 * amount, its value at the price of the moment (rounded down, so it never reads as the minimum itself) and why.
 */
export const dustNote = (
  dust: { size: string; value: string },
  product: { baseCurrency: string; quoteMinSize: string },
) =>
  `${money(dust.size).toFixed()} ${product.baseCurrency} (about ${formatUsdDown(money(dust.value))}) is left on the ` +
  `account: it is under the exchange's minimum order of ${formatUsdDown(money(product.quoteMinSize))}, so it ` +
  'could not be sold and stays held.';
