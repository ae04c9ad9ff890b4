import type { TEpic } from '@cdca/contracts';
import { avgBuyRate, buyValue, money, type PositionFigures, positionTakeProfitPrice } from '@cdca/engine';

export type EpicPositionFigures = Pick<TEpic, 'takeProfitPrice' | 'heldBase' | 'costBasis' | 'buyValue'>;

const NOTHING_HELD: EpicPositionFigures = {
  takeProfitPrice: null,
  heldBase: '0',
  costBasis: null,
  buyValue: '0',
};

/**
 * The figures the browser shows, from the engine's own functions on the position (null before the engine wrote
 * one): the take-profit at the exact price the engine places it, so the screen never shows a price one tick off the
 * order (docs/decisions/take-profit-break-even.md).
 */
export const epicPositionFigures = (position: PositionFigures | null): EpicPositionFigures => {
  if (!position) return NOTHING_HELD;
  const held = money(position.heldBase);
  const bought = money(position.boughtBase);
  const rate = avgBuyRate(position);
  const takeProfit =
    held.isZero() || bought.isZero() || position.finishedBy !== null
      ? null
      : positionTakeProfitPrice(position).toFixed();
  return {
    takeProfitPrice: takeProfit,
    heldBase: held.toFixed(),
    costBasis: rate === null ? null : held.mul(rate).toFixed(),
    buyValue: buyValue(position),
  };
};
