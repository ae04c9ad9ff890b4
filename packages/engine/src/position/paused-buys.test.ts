import { describe, expect, it } from 'vitest';
import { planEpic } from '../plan/plan-epic.ts';
import { inputsFixture, productFixture } from '../testing/product.fixture.ts';
import { applyFill } from './apply-fill.ts';
import { clientOrderId } from './client-order-id.ts';
import { restoreMissingLevels, retireWaitingBuys } from './paused-buys.ts';
import { createPosition, type Position } from './position.ts';

const EPIC = '0b7c6f2e-1d4a-4c3b-9e8f-2a1b3c4d5e6f';
const buy = (level: number, attempt = 0) => clientOrderId(EPIC, 'buy', level, attempt);

/** Levels 100.00, 90.00 and 81.00 below the market (plan-epic.test.ts's worked example), or above it. */
const position = (direction: 'below' | 'above' = 'below'): Position => {
  const planned = planEpic(inputsFixture({ direction }), productFixture(), '100.00');
  if (!planned.ok) throw new Error('plan refused');
  return createPosition(EPIC, planned.plan, productFixture());
};

/** Level 1 bought in full; levels 2 and 3 resting on the venue. */
const levelOneBought = () => {
  const start = position();
  const size = start.orders[buy(1)]?.baseSize ?? '0';
  const fill = {
    tradeId: 't1',
    orderId: 'o1',
    clientOrderId: buy(1),
    productId: 'SOL-USD',
    side: 'buy' as const,
    price: '100.00',
    size,
    fee: '0.50',
    liquidity: 'taker' as const,
    time: new Date(0),
  };
  return applyFill(start, fill).position;
};

describe('pausing and resuming the buys of an epic whose account is not active', () => {
  it('retires only the buys still waiting on the venue, never the take-profit', () => {
    const bought = levelOneBought();
    const takeProfit = bought.takeProfitIds[0] ?? '';
    const paused = retireWaitingBuys(bought, (o) => o.clientOrderId !== buy(3));
    expect(paused.retired).toBe(1);
    expect(paused.position.orders[buy(2)]?.retired).toBe(true);
    // Level 3 is not on the venue (say, armed), level 1 is filled, the take-profit is a sell: all untouched.
    expect(paused.position.orders[buy(3)]?.retired).toBe(false);
    expect(paused.position.orders[buy(1)]?.retired).toBe(false);
    expect(paused.position.orders[takeProfit]?.retired).toBe(false);
    expect(paused.position.takeProfitIds).toEqual([takeProfit]);
  });

  it('places the cancelled levels again under the next attempt, post-only at their price, and nothing else', () => {
    const paused = retireWaitingBuys(levelOneBought(), () => true).position;
    const { position: resumed, intents } = restoreMissingLevels(paused);
    expect(intents.map((i) => (i.type === 'place-order' ? i.request : i))).toEqual([
      expect.objectContaining({ clientOrderId: buy(2, 1), limitPrice: '90.00', postOnly: true, side: 'buy' }),
      expect.objectContaining({ clientOrderId: buy(3, 1), limitPrice: '81.00', postOnly: true, side: 'buy' }),
    ]);
    expect(resumed.orders[buy(2, 1)]?.baseSize).toBe(paused.orders[buy(2)]?.baseSize);
    // Resuming twice adds nothing: the new orders are live.
    expect(restoreMissingLevels(resumed).intents).toEqual([]);
  });

  it('re-arms levels above the first one as engine-side triggers', () => {
    const paused = retireWaitingBuys(position('above'), (o) => o.level > 1).position;
    const { intents } = restoreMissingLevels(paused);
    expect(intents.map((i) => i.type)).toEqual(['arm-trigger', 'arm-trigger']);
  });

  it('restores nothing once the position is sold', () => {
    const sold = {
      ...retireWaitingBuys(levelOneBought(), () => true).position,
      finishedBy: 'take-profit' as const,
    };
    expect(restoreMissingLevels(sold).intents).toEqual([]);
  });
});
