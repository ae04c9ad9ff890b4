import type { TEpicInputs, TEpicPlan } from '@cdca/contracts';
import { planEpic } from '@cdca/engine';
import { describe, expect, it } from 'vitest';
import { lessonProduct, sameFigure } from '../content/lesson-checks.ts';
import { breakEvenFigures } from './break-even.ts';
import { simulateFills } from './fill-simulation.ts';

// The take-profit-repricing lesson's ladder: its quoted figures are the expectations (checked there against the
// engine too), so the widget and the lesson cannot disagree.
const inputs: TEpicInputs = {
  budget: '1000.00',
  dcaLevels: 5,
  scaling: 'quadratic',
  load: 'back',
  direction: 'below',
  buySpread: '2',
  sellSpread: '1.5',
  stopSpread: null,
};
const product = lessonProduct('BTC-USD', '97250.00');
const planned = planEpic(inputs, product, '97250.00');
if (!planned.ok) throw new Error('the lesson ladder is refused');
const plan: TEpicPlan = planned.plan;

const expectFigure = (actual: string | null, quoted: string) =>
  expect(sameFigure(quoted, actual), `${actual} ≈ ${quoted}`).toBe(true);

describe('fill simulator', () => {
  it('shows nothing to sell before a level fills', () => {
    expect(simulateFills(plan, product, [])).toMatchObject({ avgBuyRate: null, takeProfit: null, held: '0' });
  });

  it('lowers the average and re-prices the take-profit level by level, as the lesson quotes', () => {
    const quoted = [
      ['97833.50', '99301.01'],
      ['96108.78', '97550.41'],
      ['94593.91', '96012.82'],
      ['93136.26', '94533.31'],
      ['91711.86', '93087.54'],
    ] as const;
    quoted.forEach(([avg, tp], i) => {
      const levels = Array.from({ length: i + 1 }, (_, n) => n + 1);
      const position = simulateFills(plan, product, levels);
      expectFigure(position.avgBuyRate, avg);
      expectFigure(position.takeProfit, tp);
    });
  });

  it('books the levels ticked in any order, in level order, once each', () => {
    const skipped = simulateFills(plan, product, [3, 1, 3]);
    expect(skipped.filled).toEqual([1, 3]);
    expectFigure(skipped.avgBuyRate, '94164.04');
    expectFigure(skipped.takeProfit, '95576.51');
    expectFigure(skipped.breakEven, '94732.44');
    expectFigure(simulateFills(plan, product, [1, 2, 3, 4, 5]).held, '0.01094771');
  });
});

describe('break-even calculator', () => {
  it('prices break-even and the take-profit as the fees lesson does', () => {
    const figures = breakEvenFigures({ average: '97833.50', feePercent: '0.6', sellSpread: '1.5' });
    expect(figures).toMatchObject({ breakEven: '98424.05', takeProfit: '99301.01', refused: false });
    expect(Number(figures?.marginPercent)).toBeCloseTo(0.89, 2);
  });

  it('says a sell spread under the fee would be refused, and the engine floors the sale at break-even', () => {
    const figures = breakEvenFigures({ average: '97833.50', feePercent: '0.6', sellSpread: '0.5' });
    expect(figures).toMatchObject({ bySpread: '98322.67', breakEven: '98424.05', refused: true });
    expect(figures?.takeProfit).toBe('98424.05');
  });

  it('waits for numbers', () => {
    expect(breakEvenFigures({ average: '', feePercent: '0.6', sellSpread: '1.5' })).toBeNull();
    expect(breakEvenFigures({ average: '100', feePercent: 'abc', sellSpread: '1.5' })).toBeNull();
    expect(breakEvenFigures({ average: '0', feePercent: '0.6', sellSpread: '1.5' })).toBeNull();
  });
});
