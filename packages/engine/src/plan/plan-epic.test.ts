import { describe, expect, it } from 'vitest';
import { inputsFixture, productFixture } from '../testing/product.fixture.ts';
import { planEpic } from './plan-epic.ts';

const planOf = (...args: Parameters<typeof planEpic>) => {
  const result = planEpic(...args);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.plan;
};

describe('planEpic — worked example: $1,000, 3 levels, quadratic back, below 10 %, sell 5 %, stop 10 %', () => {
  // Weights k² = 1, 4, 9 (Σ 14). q = 1000·w/14 floored: 71.42, 285.71, 642.85 (Σ 999.98); the 2 cents left go
  // to the heaviest level 3 → 642.87, Σ = 1000.00.
  // Prices from P = 100: 100.00, 100·0.9 = 90.00, 100·0.81 = 81.00.
  // Sizes floored to 0.001: 71.42/100 = 0.7142 → 0.714 (cost 71.40); 285.71/90 = 3.17455… → 3.174 (285.66);
  // 642.87/81 = 7.93666… → 7.936 (642.816).
  // Fees: level 1 taker 0.6 % → 0.4284; levels 2, 3 maker 0.4 % → 1.14264, 2.571264.
  const plan = planOf(inputsFixture(), productFixture(), '100.00');

  it('splits the budget to the cent with the left-over cents on the heaviest level', () => {
    expect(plan.levels.map((l) => l.quote)).toEqual(['71.42', '285.71', '642.87']);
  });

  it('prices, sizes and costs each level', () => {
    expect(plan.levels.map((l) => [l.placement, l.price, l.baseSize, l.cost, l.estimatedFee])).toEqual([
      ['immediate', '100.00', '0.714', '71.4', '0.4284'],
      ['resting', '90.00', '3.174', '285.66', '1.14264'],
      ['resting', '81.00', '7.936', '642.816', '2.571264'],
    ]);
  });

  it('gives the average, take-profit, move and break-even if filled down to each level', () => {
    // L1: spent 71.4 + 0.4284 = 71.8284 over 0.714 → avg 100.6; TP 100.6·1.05 = 105.63 (exact);
    //     move (105.63−100)/100 = 5.63 %; break-even 100.6/0.994 = 101.2072… → up 101.21.
    // L2: spent 357.06 + 1.57104 = 358.63104 over 3.888 → avg 92.2404938…; TP 96.85251… → up 96.86;
    //     move (96.86−90)/90 = 7.6222… → up 7.63 %; break-even 92.79727… → 92.80.
    // L3: spent 999.876 + 4.142304 = 1004.018304 over 11.824 → avg 84.9135913…; TP 89.15927… → 89.16;
    //     move (89.16−81)/81 = 10.0740… → 10.08 %; break-even 85.42614… → 85.43.
    expect(plan.levels.map((l) => [l.takeProfitPrice, l.moveToTakeProfit, l.breakEvenPrice])).toEqual([
      ['105.63', '5.63', '101.21'],
      ['96.86', '7.63', '92.80'],
      ['89.16', '10.08', '85.43'],
    ]);
    expect(plan.levels.map((l) => l.avgBuyRate)).toEqual([
      '100.6000000000',
      '92.2404938272',
      '84.9135913397',
    ]);
    expect(plan.levels.map((l) => l.cumulativeSize)).toEqual(['0.714', '3.888', '11.824']);
  });

  it('sets the stop under the lowest level and totals the money', () => {
    // 81.00 · (1 − 0.10) = 72.90; cost 999.876, fees 4.142304, unspent 1000 − 999.876 = 0.124.
    // Level 1's 0.5 % cap: limit 100.50, reserve 0.714 · 0.50 · 1.006 = 0.359142 → funds 1004.377446.
    expect(plan.stopPrice).toBe('72.90');
    expect([plan.totalCost, plan.totalFees, plan.fundsRequired, plan.unspent]).toEqual([
      '999.876',
      '4.142304',
      '1004.377446',
      '0.124',
    ]);
  });
});

describe('planEpic — other shapes', () => {
  it('alternates outward for above-below, rounding below down and above up', () => {
    // P = 100.005 (off-tick): level 1 up to 100.01; b = 3 %: 97.00485 → 97.00; 103.00515 → 103.01;
    // 100.005·0.97² = 94.0947045 → 94.09; 100.005·1.03² = 106.0953045 → 106.10.
    const plan = planOf(
      inputsFixture({ direction: 'above-below', dcaLevels: 5, buySpread: '3', stopSpread: null }),
      productFixture(),
      '100.005',
    );
    expect(plan.levels.map((l) => [l.price, l.placement])).toEqual([
      ['100.01', 'immediate'],
      ['97.00', 'resting'],
      ['103.01', 'trigger'],
      ['94.09', 'resting'],
      ['106.10', 'trigger'],
    ]);
    expect(plan.stopPrice).toBeNull();
  });

  it('weights fibonacci front-loaded with level 1 heaviest', () => {
    // s = 1, 2, 3, 5; front → 5, 3, 2, 1 (Σ 11); 100·5/11 = 45.4545 → 45.45, 27.27, 18.18, 9.09 (Σ 99.99);
    // the cent left goes to level 1 → 45.46.
    const plan = planOf(
      inputsFixture({ budget: '100', dcaLevels: 4, scaling: 'fibonacci', load: 'front', buySpread: '1' }),
      productFixture(),
      '10.00',
    );
    expect(plan.levels.map((l) => l.quote)).toEqual(['45.46', '27.27', '18.18', '9.09']);
  });

  it('weights exponential hedge with both ends heavy and ties to the lowest level', () => {
    // s = 1, 2, 4; hedge w_i = s(i) + s(4−i) → 5, 4, 5 (Σ 14); 10·5/14 = 3.5714 → 3.57, 2.85, 3.57 (Σ 9.99);
    // the cent goes to level 1, the first of the two heaviest → 3.58.
    const plan = planOf(
      inputsFixture({ budget: '10', scaling: 'exponential', load: 'hedge', buySpread: '1' }),
      productFixture(),
      '1.00',
    );
    expect(plan.levels.map((l) => l.quote)).toEqual(['3.58', '2.85', '3.57']);
  });
});
