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

/**
 * Level prices of docs/decisions/epic-maths.md from the reference price P (best ask). Below P rounds down, above P rounds up,
 * so a level is never nearer to P than planned. Level 1 is P itself, rounded UP: it is bought at once with a
 * marketable limit at the ask, and rounding down could leave it resting under the ask instead of filling.
 */
export const levelPrices = (
  direction: TEpicInputs['direction'],
  n: number,
  reference: MoneyDecimal,
  buySpread: MoneyDecimal,
  priceIncrement: MoneyDecimal,
): LevelPrice[] => {
  const b = buySpread.div(HUNDRED);
  const prices: LevelPrice[] = [];
  for (let i = 1; i <= n; i++) {
    const { side, steps } = position(direction, i);
    if (side === 'at') {
      prices.push({ price: priceUpToIncrement(reference, priceIncrement), placement: 'immediate', side });
    } else if (side === 'below') {
      const raw = reference.mul(ONE.minus(b).pow(steps));
      prices.push({ price: priceDownToIncrement(raw, priceIncrement), placement: 'resting', side });
    } else {
      const raw = reference.mul(ONE.plus(b).pow(steps));
      prices.push({ price: priceUpToIncrement(raw, priceIncrement), placement: 'trigger', side });
    }
  }
  return prices;
};
