import { describe, expect, it } from 'vitest';
import type { Fill } from '../market/order.ts';
import { planEpic } from '../plan/plan-epic.ts';
import { inputsFixture, productFixture } from '../testing/product.fixture.ts';
import { clientOrderId } from './client-order-id.ts';
import { fillEpic } from './fill-epic.ts';
import { createPosition, type Position } from './position.ts';
import { retireAll, retireAllButLiquidation } from './retire-orders.ts';
import { takerLevelOrder } from './taker-level.ts';

const EPIC = '0b7c6f2e-1d4a-4c3b-9e8f-2a1b3c4d5e6f';
const buy = (level: number, attempt = 0) => clientOrderId(EPIC, 'buy', level, attempt);

/** Levels 100.00, 90.00 and 81.00 below the market (plan-epic.test.ts's worked example). */
const start = (): Position => {
  const planned = planEpic(inputsFixture(), productFixture(), '100.00');
  if (!planned.ok) throw new Error('plan refused');
  return createPosition(EPIC, planned.plan, productFixture());
};

const levelFill = (position: Position, level: number, tradeId = `t${level}`): Fill => ({
  tradeId,
  orderId: `o${level}`,
  clientOrderId: buy(level),
  productId: 'SOL-USD',
  side: 'buy',
  price: position.levels[level - 1]?.price ?? '0',
  size: position.orders[buy(level)]?.baseSize ?? '0',
  fee: '0.50',
  liquidity: 'maker',
  time: new Date(0),
});

const applied = (result: ReturnType<typeof fillEpic>) => {
  if (result.outcome !== 'applied') throw new Error(`fill not applied: ${result.outcome}`);
  return result;
};

describe('a fill booked for an epic in a given state', () => {
  it('places the take-profit while the epic trades, and stays active', () => {
    const position = start();
    const booked = applied(fillEpic(position, 'active', levelFill(position, 1)));
    expect(booked.state).toBe('active');
    expect(booked.refused).toBeUndefined();
    expect(booked.intents.filter((i) => i.type === 'place-order')).toHaveLength(1);
    expect(booked.position.takeProfitIds).toHaveLength(1);
  });

  it.each(['cancelling', 'liquidating'] as const)(
    'while %s keeps the coins and places no take-profit',
    (state) => {
      const position = start();
      const booked = applied(fillEpic(position, state, levelFill(position, 1)));
      expect(booked.state).toBe(state);
      expect(booked.position.heldBase).toBe(position.orders[buy(1)]?.baseSize);
      expect(booked.intents.some((i) => i.type === 'place-order')).toBe(false);
      expect(booked.position.takeProfitIds).toEqual([]);
      const takeProfits = Object.values(booked.position.orders).filter((o) => o.purpose === 'take-profit');
      expect(takeProfits.every((o) => o.retired)).toBe(true);
    },
  );

  it('books a trade id once', () => {
    const position = start();
    const fill = levelFill(position, 1);
    const once = applied(fillEpic(position, 'active', fill));
    expect(fillEpic(once.position, 'active', fill).outcome).toBe('duplicate');
  });
});

describe('cancel and liquidate retire the orders', () => {
  it('cancel retires every live order and leaves no take-profit; nothing live is nothing to do', () => {
    const position = start();
    const bought = applied(fillEpic(position, 'active', levelFill(position, 1))).position;
    const cancelled = retireAll(bought);
    expect(Object.values(cancelled.position.orders).every((o) => o.retired)).toBe(true);
    expect(cancelled.position.takeProfitIds).toEqual([]);
    expect(retireAll(cancelled.position).retired).toBe(0);
  });

  it('liquidate keeps the liquidation orders live and retires everything else', () => {
    const position = start();
    const freed = retireAllButLiquidation(position);
    expect(freed.retired).toBe(3);
    expect(retireAllButLiquidation(freed.position)).toEqual({ position: freed.position, retired: 0 });
  });
});

describe('a resting level the market already passed', () => {
  it('is bought as a taker under the next attempt, for what is left of it, and the refused order retires', () => {
    const position = start();
    const next = takerLevelOrder(position, buy(2), '95.00');
    expect(next?.position.orders[buy(2)]?.retired).toBe(true);
    expect(next?.intent.request).toEqual({
      type: 'limit',
      clientOrderId: buy(2, 1),
      productId: 'SOL-USD',
      side: 'buy',
      baseSize: position.orders[buy(2)]?.baseSize,
      limitPrice: '95.00',
      postOnly: false,
    });
    expect(next?.position.orders[buy(2, 1)]).toMatchObject({ attempt: 1, filledSize: '0', retired: false });
  });

  it('is nothing for an order the position does not know', () => {
    expect(takerLevelOrder(start(), 'cdca-unknown', '95.00')).toBeUndefined();
  });
});
