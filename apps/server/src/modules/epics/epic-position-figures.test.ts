import type { TEpicInputs } from '@cdca/contracts';
import { applyFill, createPosition, money, type Position, planEpic } from '@cdca/engine';
import { catalogueProduct } from '@cdca/engine/testing';
import { describe, expect, it } from 'vitest';
import { epicPositionFigures } from './epic-position-figures.ts';

const EPIC = '1c0ffee0-0000-4000-8000-000000000003';

const INPUTS: TEpicInputs = {
  budget: '250.00',
  dcaLevels: 3,
  scaling: 'quadratic',
  load: 'back',
  direction: 'below',
  buySpread: '1',
  sellSpread: '0.6',
  stopSpread: null,
};

const linkPosition = (): Position => {
  const { product } = catalogueProduct('LINK');
  const result = planEpic(INPUTS, product, product.price);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return createPosition(EPIC, result.plan, product);
};

/** Buys `levelNumber` whole, at its price, paying `feeRate`. */
const buyLevel = (position: Position, levelNumber: number, feeRate: string): Position => {
  const level = position.levels[levelNumber - 1];
  const order = Object.values(position.orders).find((o) => o.purpose === 'buy' && o.level === levelNumber);
  if (!level || !order) throw new Error(`no level ${levelNumber}`);
  return applyFill(position, {
    tradeId: `b${levelNumber}`,
    orderId: `o${levelNumber}`,
    clientOrderId: order.clientOrderId,
    productId: position.productId,
    side: 'buy',
    price: level.price,
    size: level.baseSize,
    fee: money(level.price).mul(level.baseSize).mul(feeRate).toFixed(),
    liquidity: 'maker',
    time: new Date(0),
  }).position;
};

describe('the epic figures the API sends', () => {
  it('are empty before the engine wrote a position', () => {
    expect(epicPositionFigures(null)).toEqual({
      takeProfitPrice: null,
      heldBase: '0',
      costBasis: null,
      buyValue: '0',
    });
  });

  it('are empty while nothing has been bought', () => {
    expect(epicPositionFigures(linkPosition())).toEqual({
      takeProfitPrice: null,
      heldBase: '0',
      costBasis: null,
      buyValue: '0',
    });
  });

  it('send the take-profit at the price the engine placed it, lifted to break-even (16.353, not 16.352)', () => {
    const position = buyLevel(buyLevel(linkPosition(), 1, '0.006'), 3, '0.004');
    const order = position.orders[position.takeProfitIds[0] ?? ''];
    const figures = epicPositionFigures(position);
    expect(figures.takeProfitPrice).toBe('16.353');
    expect(figures.takeProfitPrice).toBe(order?.limitPrice);
    expect(figures.heldBase).toBe(position.heldBase);
    // The budget used is what the two levels cost at their prices, fees left out.
    const cost = (n: number) =>
      money(position.levels[n - 1]?.price ?? '0').mul(position.levels[n - 1]?.baseSize ?? '0');
    expect(figures.buyValue).toBe(cost(1).plus(cost(3)).toFixed());
    // Everything bought is held, so what it cost is everything spent, fees included (to the division's precision).
    expect(
      money(figures.costBasis ?? '0')
        .minus(position.quoteSpent)
        .abs()
        .lt('1e-9'),
    ).toBe(true);
  });
});
