import type { TEpicPlan } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import type { Fill } from '../market/order.ts';
import { planEpic } from '../plan/plan-epic.ts';
import { inputsFixture, productFixture } from '../testing/product.fixture.ts';
import { type ApplyFillResult, applyFill } from './apply-fill.ts';
import { clientOrderId } from './client-order-id.ts';
import { openingIntents } from './opening-intents.ts';
import { createPosition, type Intent, type Position } from './position.ts';
import { activeDcaLevel, avgBuyRate, buyValue, profitsDollarAmount, volume } from './position-figures.ts';

const EPIC = '0b7c6f2e-1d4a-4c3b-9e8f-2a1b3c4d5e6f';
const buy = (level: number) => clientOrderId(EPIC, 'buy', level, 0);
const tp = (attempt: number) => clientOrderId(EPIC, 'take-profit', 0, attempt);

// The worked example of plan-epic.test.ts: levels 100.00 × 0.714, 90.00 × 3.174, 81.00 × 7.936; sell 5 %.
const start = (): Position => {
  const result = planEpic(inputsFixture(), productFixture(), '100.00');
  if (!result.ok) throw new Error('plan refused');
  const plan: TEpicPlan = result.plan;
  return createPosition(EPIC, plan, productFixture());
};

let trade = 0;
const fill = (coid: string, side: 'buy' | 'sell', price: string, size: string, fee: string): Fill => ({
  tradeId: `t${++trade}`,
  orderId: `o-${coid}`,
  clientOrderId: coid,
  productId: 'SOL-USD',
  side,
  price,
  size,
  fee,
  liquidity: side === 'buy' ? 'taker' : 'maker',
  time: new Date(0),
});

const placed = (intents: Intent[]) =>
  intents.flatMap((i) =>
    i.type === 'place-order' && i.request.type === 'limit'
      ? [[i.request.clientOrderId, i.request.side, i.request.baseSize, i.request.limitPrice]]
      : [],
  );
const cancelled = (intents: Intent[]) =>
  intents.flatMap((i) => (i.type === 'cancel-order' ? [i.clientOrderId] : []));

const apply = (position: Position, f: Fill): ApplyFillResult => {
  const result = applyFill(position, f);
  expect(result.outcome).toBe('applied');
  return result;
};

describe('position reducer', () => {
  it('opens with level 1 marketable, the rest resting post-only', () => {
    const intents = openingIntents(start());
    expect(
      intents.map((i) =>
        i.type === 'place-order' && i.request.type === 'limit' ? i.request.postOnly : i.type,
      ),
    ).toEqual([false, true, true]);
  });

  it('runs a full epic: three levels down (one in two parts), take-profit up in two parts, profit to the cent', () => {
    // L1: 0.714 @ 100 = 71.40 + fee 0.4284 → spent 71.8284; TP 71.8284·1.05/0.714 = 105.63.
    let r = apply(start(), fill(buy(1), 'buy', '100.00', '0.714', '0.4284'));
    expect(placed(r.intents)).toEqual([[tp(0), 'sell', '0.714', '105.63']]);

    // L2 part 1: 1.000 @ 90 + fee 0.36 → spent 162.1884, held 1.714; TP 162.1884·1.05/1.714 = 170.29782/1.714 = 99.3569… → 99.36.
    r = apply(r.position, fill(buy(2), 'buy', '90.00', '1', '0.36'));
    expect(cancelled(r.intents)).toEqual([tp(0)]);
    expect(placed(r.intents)).toEqual([[tp(1), 'sell', '1.714', '99.36']]);
    expect(activeDcaLevel(r.position)).toBe(1); // a partly filled level does not count yet

    // L2 part 2: 2.174 @ 90 = 195.66 + fee 0.78264 → spent 358.63104, held 3.888 → TP 96.86 (as planned).
    const partTwo = fill(buy(2), 'buy', '90.00', '2.174', '0.78264');
    r = apply(r.position, partTwo);
    expect(placed(r.intents)).toEqual([[tp(2), 'sell', '3.888', '96.86']]);
    expect(activeDcaLevel(r.position)).toBe(2);

    // The same fill delivered again (stream and reconciliation both saw it) changes nothing.
    const again = applyFill(r.position, partTwo);
    expect(again).toEqual({ position: r.position, intents: [], outcome: 'duplicate' });

    // L3: 7.936 @ 81 = 642.816 + fee 2.571264 → spent 1004.018304, held 11.824 → TP 89.16.
    r = apply(r.position, fill(buy(3), 'buy', '81.00', '7.936', '2.571264'));
    expect(placed(r.intents)).toEqual([[tp(3), 'sell', '11.824', '89.16']]);
    expect(avgBuyRate(r.position)?.slice(0, 12)).toBe('84.913591339');

    // TP part 1: 5 @ 89.16 = 445.80, maker fee 1.7832. The rest still rests for exactly what is held: no intents.
    r = apply(r.position, fill(tp(3), 'sell', '89.16', '5', '1.7832'));
    expect(r.intents).toEqual([]);
    expect(r.event).toBeUndefined();
    expect(r.position.heldBase).toBe('6.824');

    // TP part 2: 6.824 @ 89.16 = 608.42784, fee 2.43371136 → hit.
    r = apply(r.position, fill(tp(3), 'sell', '89.16', '6.824', '2.43371136'));
    expect(r.event).toBe('take-profit-filled');
    expect(r.intents).toEqual([{ type: 'disarm-triggers' }]);
    expect(r.position.heldBase).toBe('0');

    // Proceeds 89.16·11.824 = 1054.22784; sell fees 4.21691136; cost + buy fees 1004.018304.
    // 1054.22784 − 4.21691136 − 1004.018304 = 45.99262464 → $45.99.
    expect(profitsDollarAmount(r.position)).toBe('45.99');
    // Volume: bought 999.876 + sold 1054.22784; the budget used is the bought part alone, fees left out.
    expect(buyValue(r.position)).toBe('999.876');
    expect(volume(r.position)).toBe('2054.10384');
  });

  it('cancels the buys still resting when the take-profit fills', () => {
    let r = apply(start(), fill(buy(1), 'buy', '100.00', '0.714', '0.4284'));
    r = apply(r.position, fill(tp(0), 'sell', '105.63', '0.714', '0.30166'));
    expect(r.event).toBe('take-profit-filled');
    expect(cancelled(r.intents)).toEqual([buy(2), buy(3)]);
    // 0.714·105.63 = 75.41982 − 0.30166 − 71.8284 = 3.28976 → 3.28.
    expect(profitsDollarAmount(r.position)).toBe('3.28');
    expect(activeDcaLevel(r.position)).toBe(1);
  });

  it('re-sizes the take-profit to what is held after a buy that follows a partial sell', () => {
    let r = apply(start(), fill(buy(1), 'buy', '100.00', '0.714', '0.4284'));
    r = apply(r.position, fill(tp(0), 'sell', '105.63', '0.5', '0.21126'));
    // Held 0.214; then L2 fills 3.174 @ 90 = 285.66 + 1.14264 → bought 3.888, held 3.388, spent 358.63104.
    r = apply(r.position, fill(buy(2), 'buy', '90.00', '3.174', '1.14264'));
    expect(cancelled(r.intents)).toEqual([tp(0)]);
    // Price from average cost of all bought (358.63104·1.05/3.888 → 96.86), size = held, never more.
    expect(placed(r.intents)).toEqual([[tp(1), 'sell', '3.388', '96.86']]);
  });

  it('shrinks the new take-profit when the old one fills before its cancel lands', () => {
    let r = apply(start(), fill(buy(1), 'buy', '100.00', '0.714', '0.4284'));
    r = apply(r.position, fill(buy(2), 'buy', '90.00', '3.174', '1.14264'));
    expect(placed(r.intents)).toEqual([[tp(1), 'sell', '3.888', '96.86']]);
    r = apply(r.position, fill(tp(0), 'sell', '105.63', '0.2', '0.084504'));
    expect(r.event).toBeUndefined();
    expect(cancelled(r.intents)).toEqual([tp(1)]);
    expect(placed(r.intents)).toEqual([[tp(2), 'sell', '3.688', '96.86']]);
  });

  it('places no take-profit for a remainder under the venue minimum', () => {
    const tiny = { ...start(), rules: { ...start().rules, quoteMinSize: '10' } };
    // 0.05 @ 100 = $5 held: under the $10 minimum, so the engine waits for more fills.
    const r = apply(tiny, fill(buy(1), 'buy', '100.00', '0.05', '0.03'));
    expect(r.intents).toEqual([]);
    expect(r.position.takeProfitIds).toEqual([]);
  });

  it('ignores fills of orders that are not this epic’s', () => {
    const position = start();
    const foreign = fill('someone-else', 'buy', '1', '1', '0');
    expect(applyFill(position, foreign)).toEqual({ position, intents: [], outcome: 'unknown-order' });
    const wrongSide = fill(buy(1), 'sell', '1', '1', '0');
    expect(applyFill(position, wrongSide).outcome).toBe('unknown-order');
  });
});
