import type { TPlanProblem } from '@cdca/contracts';
import type { Product } from '../market/product.ts';
import { CENT, type MoneyDecimal } from '../money/money-decimal.ts';
import { parseDecimal } from '../money/parse-decimal.ts';
import { problems } from './plan-problems.ts';

export type ProductRules = {
  productId: string;
  baseCurrency: string;
  priceIncrement: MoneyDecimal;
  baseIncrement: MoneyDecimal;
  /** The step budgets split to: the cent, or the quote increment when a venue's is coarser. */
  quoteUnit: MoneyDecimal;
  baseMinSize: MoneyDecimal;
  baseMaxSize: MoneyDecimal;
  quoteMinSize: MoneyDecimal;
  quoteMaxSize: MoneyDecimal;
};

const positive = (value: string) => {
  const parsed = parseDecimal(value, { allowZero: false });
  return parsed.ok ? parsed.value : undefined;
};

const nonNegative = (value: string) => {
  const parsed = parseDecimal(value);
  return parsed.ok ? parsed.value : undefined;
};

/** Why the venue would refuse a new epic's orders, or undefined when it takes them. */
const notTradableBecause = (product: Product): string | undefined => {
  if (product.status === 'delisted') return 'it is being delisted';
  if (product.status !== 'online') return 'the market is offline';
  if (product.tradingDisabled) return 'trading is halted';
  if (product.cancelOnly) return 'the market only accepts cancels';
  // Level 1 is bought at once with a marketable limit, which a post-only market would reject.
  if (product.postOnly) return 'the market only accepts resting orders';
  return undefined;
};

export const readProductRules = (product: Product): { rules?: ProductRules; problems: TPlanProblem[] } => {
  const found: TPlanProblem[] = [];
  const why = notTradableBecause(product);
  if (why) found.push(problems.productNotTradable(product.id, why));
  if (product.quoteCurrency !== 'USD') found.push(problems.productNotUsd(product.id));

  const priceIncrement = positive(product.priceIncrement);
  const baseIncrement = positive(product.baseIncrement);
  const quoteIncrement = positive(product.quoteIncrement);
  const baseMinSize = nonNegative(product.baseMinSize);
  const baseMaxSize = positive(product.baseMaxSize);
  const quoteMinSize = nonNegative(product.quoteMinSize);
  const quoteMaxSize = positive(product.quoteMaxSize);
  if (
    !priceIncrement ||
    !baseIncrement ||
    !quoteIncrement ||
    !baseMinSize ||
    !baseMaxSize ||
    !quoteMinSize ||
    !quoteMaxSize
  ) {
    found.push(problems.productNotTradable(product.id, 'its trading rules are unreadable'));
    return { problems: found };
  }
  const rules: ProductRules = {
    productId: product.id,
    baseCurrency: product.baseCurrency,
    priceIncrement,
    baseIncrement,
    quoteUnit: quoteIncrement.gt(CENT) ? quoteIncrement : CENT,
    baseMinSize,
    baseMaxSize,
    quoteMinSize,
    quoteMaxSize,
  };
  return { rules, problems: found };
};
