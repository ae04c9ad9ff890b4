import type { TEpicInputs } from '@cdca/contracts';
import type { Fill, OrderRequest } from '@cdca/engine';
import {
  applyFill,
  createPosition,
  type Intent,
  liquidationOrders,
  money,
  type Position,
  planEpic,
  splitSell,
} from '@cdca/engine';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { paperCatalogueProduct } from '../testing/catalogue-product.ts';
import { validateOrder } from './order-validation.ts';

const EPIC = '0e8b8a5e-6a0f-4b55-9f3c-6a3e2f1d0c11';
const grt = paperCatalogueProduct('GRT');
const inputs = (overrides: Partial<TEpicInputs> = {}): TEpicInputs => ({
  budget: '1000000.00',
  dcaLevels: 5,
  scaling: 'quadratic',
  load: 'back',
  direction: 'below',
  buySpread: '10',
  sellSpread: '5',
  stopSpread: '10',
  ...overrides,
});
const planOf = (i: TEpicInputs, base = grt) => {
  const result = planEpic(i, base.product, base.product.price);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.plan;
};
const requests = (intents: readonly Intent[]): OrderRequest[] =>
  intents.flatMap((i) => (i.type === 'place-order' ? [i.request] : []));
const venueAccepts = (request: OrderRequest, price: string, base = grt) =>
  validateOrder(request, base.state, base.entry, new Decimal(price));

/** Every level filled at its price, in order: the position after level n and the take-profit it asks for. */
const fillAll = (position: Position): { position: Position; intents: Intent[] } => {
  let state = position;
  let intents: Intent[] = [];
  for (const level of position.levels) {
    const order = Object.values(state.orders).find((o) => o.purpose === 'buy' && o.level === level.level);
    if (!order) throw new Error('no buy');
    const fill: Fill = {
      tradeId: `trade-${level.level}`,
      orderId: `o${level.level}`,
      clientOrderId: order.clientOrderId,
      productId: state.productId,
      side: 'buy',
      price: level.price,
      size: level.baseSize,
      fee: money(level.price).mul(level.baseSize).mul('0.004').toFixed(),
      liquidity: 'maker',
      time: new Date(0),
    };
    const applied = applyFill(state, fill);
    state = applied.position;
    intents = applied.intents;
  }
  return { position: state, intents };
};

describe('sells always fit the venue (docs/decisions/sells-fit-the-venue.md)', () => {
  it('splits the GRT take-profit over the 10M maximum into parts the venue accepts, and the plan shows it', () => {
    // GRT at 0.0962, $1M over 5 levels 10 % apart: everything bought is more than the 10M GRT one order may sell.
    const plan = planOf(inputs());
    const last = plan.levels[4];
    expect(money(last?.cumulativeSize ?? '0').gt(grt.product.baseMaxSize)).toBe(true);
    expect(last?.takeProfitSizes).toHaveLength(2);
    const { position, intents } = fillAll(createPosition(EPIC, plan, grt.product));
    const sells = requests(intents.filter((i) => i.type === 'place-order'));
    expect(sells).toHaveLength(2);
    expect(sells.map((r) => r.clientOrderId)).toEqual([
      `cdca-${EPIC.replaceAll('-', '')}-t0-4`,
      `cdca-${EPIC.replaceAll('-', '')}-t1-4`,
    ]);
    expect(sells.reduce((sum, r) => sum.plus(r.baseSize ?? '0'), money(0)).eq(position.heldBase)).toBe(true);
    for (const r of sells) expect(() => venueAccepts(r, last?.takeProfitPrice ?? '0')).not.toThrow();
    expect(sells.map((r) => money(r.baseSize ?? '0').toFixed())).toEqual(
      last?.takeProfitSizes?.map((s) => money(s).toFixed()),
    );
  });

  it('splits the stop market sell too, and the trader liquidating at a risen price', () => {
    const plan = planOf(inputs());
    expect(plan.stopSaleSizes).toHaveLength(2);
    const { position } = fillAll(createPosition(EPIC, plan, grt.product));
    for (const price of [plan.stopPrice ?? '0', '0.1500']) {
      const sale = liquidationOrders(position, money(price));
      if (sale.kind !== 'sell') throw new Error('expected a sale');
      expect(sale.intents.length).toBeGreaterThanOrEqual(2);
      for (const r of requests(sale.intents)) expect(() => venueAccepts(r, price)).not.toThrow();
    }
  });

  it('keeps a part of a split take-profit when another part fills, and finishes when the last part does', () => {
    const plan = planOf(inputs());
    const { position } = fillAll(createPosition(EPIC, plan, grt.product));
    const [first, second] = position.takeProfitIds.map((id) => position.orders[id]);
    if (!first || !second) throw new Error('expected two parts');
    const sell = (p: Position, order: typeof first, tradeId: string): ReturnType<typeof applyFill> =>
      applyFill(p, {
        tradeId,
        orderId: order.clientOrderId,
        clientOrderId: order.clientOrderId,
        productId: p.productId,
        side: 'sell',
        price: order.limitPrice ?? '0',
        size: order.baseSize,
        fee: '1',
        liquidity: 'maker',
        time: new Date(0),
      });
    const afterFirst = sell(position, first, 's1');
    expect(afterFirst.intents).toEqual([]);
    expect(afterFirst.event).toBeUndefined();
    const afterSecond = sell(afterFirst.position, second, 's2');
    expect(afterSecond.event).toBe('take-profit-filled');
    expect(afterSecond.position.finishedBy).toBe('take-profit');
  });

  it('splits into parts as equal as the increment allows, never over a maximum or under a minimum', () => {
    const limits = {
      baseIncrement: money('0.01'),
      baseMinSize: money('0.01'),
      baseMaxSize: money('10'),
      quoteMinSize: money('1'),
      quoteMaxSize: money('1000'),
    };
    expect(splitSell(money('25.01'), money('10'), limits)).toEqual({
      ok: true,
      sizes: [money('8.34'), money('8.34'), money('8.33')],
    });
    // By value: 30 at 100 is $3,000 → 4 parts of 7.5 ($750 each), under the $1,000 maximum.
    const byValue = splitSell(money('30'), money('100'), { ...limits, baseMaxSize: money('100') });
    expect(byValue.ok && byValue.sizes.map((s) => s.toFixed())).toEqual(['10', '10', '10']);
    expect(splitSell(money('0.05'), money('10'), limits)).toMatchObject({
      ok: false,
      reason: 'below-minimum',
    });
    expect(splitSell(money('1001'), money('1'), limits)).toMatchObject({
      ok: false,
      reason: 'too-many-orders',
    });
  });
});
