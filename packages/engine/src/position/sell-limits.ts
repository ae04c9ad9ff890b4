import { money } from '../money/money-decimal.ts';
import { DEFAULT_TAKER_FEE_RATE } from '../plan/validate-inputs.ts';
import type { Position } from './position.ts';
import type { SellLimits } from './sell-split.ts';

/** Far beyond any real order: a position stored before maximums were kept is read as having none. */
const NO_MAXIMUM = money('1e40');

export const sellLimitsOf = (position: Position): SellLimits => ({
  baseIncrement: money(position.rules.baseIncrement),
  baseMinSize: money(position.rules.baseMinSize),
  quoteMinSize: money(position.rules.quoteMinSize),
  baseMaxSize: position.rules.baseMaxSize ? money(position.rules.baseMaxSize) : NO_MAXIMUM,
  quoteMaxSize: position.rules.quoteMaxSize ? money(position.rules.quoteMaxSize) : NO_MAXIMUM,
});

/** Positions stored before the rate was kept assume the taker rate, the worse one on the default tiers. */
export const sellFeeRateOf = (position: Pick<Position, 'sellFeeRate'>) =>
  money(position.sellFeeRate ?? DEFAULT_TAKER_FEE_RATE);
