import { money, ROUND_FLOOR } from '../money/money-decimal.ts';
import { FIGURES_REMEMBERED, remembered } from '../money/remembered.ts';
import { filledInFull, type Position, type PositionFigures } from './position.ts';

/**
 * Levels filled so far (SPEC's active/total). A level counts only once its whole planned size has filled: a
 * partly filled level is still being bought, and counting it would show a level as done that may never finish.
 */
export const activeDcaLevel = (position: Position): number => position.levels.filter(filledInFull).length;

/**
 * Quote spent incl. fees / base bought; null before the first buy. Full precision: display rounds it. A 60-digit
 * division that a booking's listing columns and the realtime event after it both ask for, so remembered.
 */
export const avgBuyRate = remembered(
  FIGURES_REMEMBERED,
  (p: Pick<PositionFigures, 'boughtBase' | 'quoteSpent'>) => `${p.quoteSpent} ${p.boughtBase}`,
  (p: Pick<PositionFigures, 'boughtBase' | 'quoteSpent'>): string | null => {
    const bought = money(p.boughtBase);
    return bought.isZero() ? null : money(p.quoteSpent).div(bought).toFixed();
  },
);

/**
 * profitsDollarAmount = sell proceeds − all fees − cost (docs/decisions/epic-maths.md), to the cent. quoteSpent already holds
 * cost + buy fees. Rounded toward negative infinity so a profit is never reported a fraction of a cent larger
 * than what the fills imply.
 */
export const profitsDollarAmount = (position: Position): string =>
  money(position.proceeds)
    .minus(position.sellFees)
    .minus(position.quoteSpent)
    .toDecimalPlaces(2, ROUND_FLOOR)
    .toFixed(2);

const boughtValue = (position: Pick<PositionFigures, 'quoteSpent' | 'buyFees'>) =>
  money(position.quoteSpent).minus(position.buyFees);

/** What the buys cost before fees (Σ price × size of the buy fills): the budget used so far. */
export const buyValue = (position: Pick<PositionFigures, 'quoteSpent' | 'buyFees'>): string =>
  boughtValue(position).toFixed();

/** Bought plus sold value, before fees (docs/product.md §9 billing volume). */
export const volume = (position: Position): string => boughtValue(position).plus(position.proceeds).toFixed();
