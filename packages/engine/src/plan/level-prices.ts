import type { TEpicInputs, TLevelPlacement } from '@cdca/contracts';
import { HUNDRED, type MoneyDecimal, ONE } from '../money/money-decimal.ts';
import { priceDownToIncrement, priceUpToIncrement } from '../money/round-to-increment.ts';

export type LevelPrice = { price: MoneyDecimal; placement: TLevelPlacement; side: 'at' | 'below' | 'above' };

/** Which side of P level i (1-based) sits on, and how many spread steps away. */
const position = (direction: TEpicInputs['direction'], i: number) => {
  if (i === 1) return { side: 'at' as const, steps: 0 };
  if (direction === 'below') return { side: 'below' as const, steps: i - 1 };
  if (direction === 'above') return { side: 'above' as const, steps: i - 1 };
  // above-below: P, P(1−b), P(1+b), P(1−b)², P(1+b)² … — even levels below, odd levels above.
  return { side: i % 2 === 0 ? ('below' as const) : ('above' as const), steps: Math.floor(i / 2) };
};

/** Where level i sits relative to P, as a factor of P: (1 − b)^steps below, (1 + b)^steps above, 1 at P. */
export type LevelStep = { factor: MoneyDecimal; placement: TLevelPlacement; side: LevelPrice['side'] };

/** The ladder's shape, independent of P: computed once per plan (and once per backtest, not per start). */
export const levelSteps = (
  direction: TEpicInputs['direction'],
  n: number,
  buySpread: MoneyDecimal,
): LevelStep[] => {
  const b = buySpread.div(HUNDRED);
  return Array.from({ length: n }, (_, index) => {
    const { side, steps } = position(direction, index + 1);
    if (side === 'at') return { factor: ONE, placement: 'immediate', side };
    if (side === 'below') return { factor: ONE.minus(b).pow(steps), placement: 'resting', side };
    return { factor: ONE.plus(b).pow(steps), placement: 'trigger', side };
  });
};

/**
 * Level prices of docs/decisions/epic-maths.md from the reference price P (best ask). Below P rounds down, above P rounds up,
 * so a level is never nearer to P than planned. Level 1 is P itself, rounded UP: it is bought at once with a
 * marketable limit at the ask, and rounding down could leave it resting under the ask instead of filling.
 */
export const levelPrices = (
  steps: readonly LevelStep[],
  reference: MoneyDecimal,
  priceIncrement: MoneyDecimal,
): LevelPrice[] =>
  steps.map(({ factor, placement, side }) => {
    if (side === 'at') return { price: priceUpToIncrement(reference, priceIncrement), placement, side };
    const raw = reference.mul(factor);
    const price =
      side === 'below' ? priceDownToIncrement(raw, priceIncrement) : priceUpToIncrement(raw, priceIncrement);
    return { price, placement, side };
  });
