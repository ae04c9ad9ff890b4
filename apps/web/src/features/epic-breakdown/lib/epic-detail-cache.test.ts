import { describe, expect, it } from 'vitest';
import { applyEpicSummary, applyFill, applyOrder } from './epic-detail-cache.ts';
import { testEpic, testFill, testOrder } from './test-epic.ts';

describe('breakdown cache updates from realtime events', () => {
  it('moves a level to its latest buy order state and sums what its orders filled', () => {
    let detail = applyOrder(testEpic(), testOrder({ status: 'open' }));
    expect(detail.levels[0]?.orderStatus).toBe('open');
    detail = applyOrder(
      detail,
      testOrder({ status: 'filled', filledSize: '0.5', updatedAt: '2025-01-01T10:00:03.000Z' }),
    );
    expect(detail.orders).toHaveLength(1);
    expect(detail.levels[0]).toMatchObject({ orderStatus: 'filled', filledSize: '0.5' });
    expect(detail.levels[1]?.orderStatus).toBe('planned');
  });

  it('ignores an order update older than the one it holds', () => {
    const newer = applyOrder(
      testEpic(),
      testOrder({ status: 'filled', updatedAt: '2025-01-01T10:00:05.000Z' }),
    );
    expect(applyOrder(newer, testOrder({ status: 'open' })).levels[0]?.orderStatus).toBe('filled');
  });

  it('applies a fill once, by trade id, in time order', () => {
    const once = applyFill(testEpic(), testFill({ tradeId: 'b', filledAt: '2025-01-01T10:00:09.000Z' }));
    const twice = applyFill(applyFill(once, testFill({ tradeId: 'a' })), testFill({ tradeId: 'b' }));
    expect(twice.fills.map((fill) => fill.tradeId)).toEqual(['a', 'b']);
  });

  it('takes the new status and figures but keeps the inputs, plan, levels, orders and fills', () => {
    const detail = applyOrder(testEpic(), testOrder());
    const { levels, orders, fills, inputs, plan, ...summary } = detail;
    const updated = applyEpicSummary(detail, {
      ...summary,
      status: 'hit',
      avgBuyRate: '100.6',
      updatedAt: '2025-01-01T11:00:00.000Z',
    });
    expect(updated).toMatchObject({
      status: 'hit',
      avgBuyRate: '100.6',
      orders: detail.orders,
      plan,
      inputs,
    });
    expect(applyEpicSummary(updated, { ...summary, status: 'active' }).status).toBe('hit');
  });
});
