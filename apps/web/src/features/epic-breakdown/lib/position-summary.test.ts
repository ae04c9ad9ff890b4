import { describe, expect, it } from 'vitest';
import { positionSummary } from './position-summary.ts';
import { testEpic, testFill, testOrder } from './test-epic.ts';

describe('positionSummary', () => {
  it('values what is held against its average and the take-profit order', () => {
    const detail = testEpic({
      avgBuyRate: '100.6',
      activeDcaLevel: 1,
      heldBase: '0.5',
      takeProfitPrice: '102.62',
      fills: [testFill()],
      orders: [
        testOrder({ status: 'filled' }),
        testOrder({ id: 'tp', purpose: 'take-profit', side: 'sell', limitPrice: '102.62', status: 'open' }),
      ],
    });
    const summary = positionSummary(detail, '101.6');
    expect(summary).toMatchObject({
      heldBase: '0.5',
      spent: '50.3',
      takeProfit: '102.62',
      unrealised: '0.5',
      realised: null,
      heldValue: '50.8',
    });
    expect(Number(summary.toTakeProfit)).toBeCloseTo(1.0039, 3);
  });

  it('books the epic profit once it has ended, and stops valuing a position', () => {
    const detail = testEpic({
      status: 'closed',
      avgBuyRate: '100.6',
      profitsDollarAmount: '0.71',
      fills: [testFill(), testFill({ tradeId: 't2', side: 'sell', price: '102.62' })],
    });
    const summary = positionSummary(detail, '90');
    expect(summary).toMatchObject({ realised: '0.71', unrealised: null, takeProfit: null, heldBase: '0' });
  });
});
