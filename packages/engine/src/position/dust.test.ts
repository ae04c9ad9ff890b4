import type { TEpicInputs } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import type { Fill } from '../market/order.ts';
import { money } from '../money/money-decimal.ts';
import { planEpic } from '../plan/plan-epic.ts';
import { catalogueProduct } from '../testing/catalogue-product.ts';
import { applyFill } from './apply-fill.ts';
import { dustNote } from './dust-note.ts';
import { liquidationOrders } from './liquidation.ts';
import { createPosition } from './position.ts';

const sol = catalogueProduct('SOL');
const inputs: TEpicInputs = {
  budget: '20.00',
  dcaLevels: 3,
  scaling: 'quadratic',
  load: 'back',
  direction: 'above',
  buySpread: '10',
  sellSpread: '5',
  stopSpread: '90',
};

describe('dust is handled, not fatal (docs/decisions/dust.md)', () => {
  it('warns when a stop could leave coins under the $1 minimum, and still accepts the plan', () => {
    // SOL at 186.40, $20 over 3 levels above: level 1 buys $1.42 of SOL, worth $0.14 at the 90 % stop.
    const result = planEpic(inputs, sol.product, sol.product.price);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.plan.warnings).toEqual([
      {
        code: 'stop-leaves-dust',
        field: 'stopSpread',
        level: 1,
        message: expect.stringMatching(
          /^If only level 1 fills, the stop would sell 0\.00761802 SOL worth \$0\.14, under the exchange's minimum order of \$1\.00: the epic would end liquidated with those coins still held\.$/,
        ),
      },
    ]);
  });

  it('says a stop can never sell when even everything bought is under the minimum at the stop price', () => {
    const result = planEpic({ ...inputs, budget: '5.00', dcaLevels: 1 }, sol.product, sol.product.price);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.plan.warnings?.map((w) => w.code)).toEqual(['stop-never-sells']);
    // The advice is computed: the spread it names makes the stop sellable.
    const widest = /at most (\d+\.\d\d) %/.exec(result.plan.warnings?.[0]?.message ?? '')?.[1];
    expect(widest).toBeDefined();
    const fixed = planEpic(
      { ...inputs, budget: '5.00', dcaLevels: 1, stopSpread: widest ?? null },
      sol.product,
      sol.product.price,
    );
    expect(fixed.ok && fixed.plan.warnings).toEqual([]);
  });

  it('leaves a stop sale under the minimum value held instead of sending an order the venue refuses', () => {
    const result = planEpic(inputs, sol.product, sol.product.price);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const start = createPosition('2d000000-0000-4000-8000-000000000003', result.plan, sol.product);
    const level = start.levels[0];
    const order = Object.values(start.orders).find((o) => o.level === 1);
    if (!level || !order) throw new Error('no level 1');
    const fill: Fill = {
      tradeId: 't1',
      orderId: 'o1',
      clientOrderId: order.clientOrderId,
      productId: start.productId,
      side: 'buy',
      price: level.price,
      size: level.baseSize,
      fee: '0.01',
      liquidity: 'taker',
      time: new Date(0),
    };
    const { position } = applyFill(start, fill);
    const sale = liquidationOrders(position, money(result.plan.stopPrice ?? '0'));
    expect(sale).toEqual({ kind: 'dust', size: '0.00761802', value: '0.1419998928' });
    if (sale.kind !== 'dust') return;
    expect(dustNote(sale, sol.product)).toBe(
      "0.00761802 SOL (about $0.14) is left on the account: it is under the exchange's minimum order of $1.00, so it could not be sold and stays held.",
    );
  });
});
