import { describe, expect, it } from 'vitest';
import { inputsFixture, productFixture } from '../testing/product.fixture.ts';
import { planEpic } from './plan-epic.ts';

const problemsOf = (...args: Parameters<typeof planEpic>) => {
  const result = planEpic(...args);
  if (result.ok) throw new Error('expected an invalid plan');
  return result.problems;
};

describe('planEpic refuses plans, naming every problem with its field and level', () => {
  it('names each level under the venue minimum in words a trader understands', () => {
    // $10 over 5 quadratic-back levels: w = 1,4,9,16,25 (Σ 55) → q1 = 0.18, q2 = 0.72 (under $1), q3 = 1.63.
    const found = problemsOf(
      inputsFixture({ budget: '10', dcaLevels: 5, buySpread: '1' }),
      productFixture(),
      '100',
    );
    expect(found.map((p) => [p.code, p.field, p.level])).toEqual([
      ['level-below-minimum', 'budget', 1],
      ['level-below-minimum', 'budget', 2],
    ]);
    expect(found[0]?.message).toBe(
      "Level 1 would buy 0.001 SOL ($0.10), below the exchange's minimum order of $1.00 — raise the budget to $55.00, or use at most 2 levels with quadratic scaling with back-load at this budget.",
    );
  });

  it('refuses a minimum base size too', () => {
    const found = problemsOf(inputsFixture({ dcaLevels: 1 }), productFixture({ baseMinSize: '20' }), '100');
    expect(found).toMatchObject([
      { code: 'level-below-minimum', level: 1, message: expect.stringContaining('20 SOL') },
    ]);
  });

  it('returns every input problem at once', () => {
    const found = problemsOf(
      inputsFixture({ budget: '-5', dcaLevels: 26, buySpread: '0.05', sellSpread: '501', stopSpread: '95' }),
      productFixture(),
      '100',
    );
    expect(found.map((p) => [p.code, p.field])).toEqual([
      ['budget-invalid', 'budget'],
      ['levels-out-of-range', 'dcaLevels'],
      ['spread-out-of-range', 'buySpread'],
      ['spread-out-of-range', 'sellSpread'],
      ['spread-out-of-range', 'stopSpread'],
    ]);
  });

  it.each(['1e3', '10.005', '0', 'NaN', '1000.001'])('refuses budget %j', (budget) => {
    expect(problemsOf(inputsFixture({ budget }), productFixture(), '100')[0]?.code).toBe('budget-invalid');
  });

  it.each(['1.5e1', '10.123', '-1', 'Infinity'])('refuses spread %j', (buySpread) => {
    expect(problemsOf(inputsFixture({ buySpread }), productFixture(), '100')[0]).toMatchObject({
      code: 'spread-out-of-range',
      field: 'buySpread',
    });
  });

  it('refuses an untradable or non-USD product', () => {
    const found = problemsOf(
      inputsFixture(),
      productFixture({ status: 'delisted', quoteCurrency: 'EUR', id: 'SOL-EUR' }),
      '100',
    );
    expect(found.map((p) => p.code)).toEqual(['product-not-tradable', 'product-not-usd']);
    for (const flag of ['tradingDisabled', 'cancelOnly', 'postOnly'] as const) {
      expect(problemsOf(inputsFixture(), productFixture({ [flag]: true }), '100')[0]?.code).toBe(
        'product-not-tradable',
      );
    }
  });

  it('refuses a missing reference price', () => {
    expect(problemsOf(inputsFixture(), productFixture(), '0')[0]?.code).toBe('reference-price-invalid');
  });

  it('refuses levels that collapse onto one tick', () => {
    // P = 0.05 with a 0.01 tick and 0.1 % spread: 0.04995 → 0.04 is fine, 0.0499 → 0.04 repeats level 2.
    const found = problemsOf(
      inputsFixture({ budget: '100', buySpread: '0.1' }),
      productFixture({ baseIncrement: '1' }),
      '0.05',
    );
    expect(found).toMatchObject([{ code: 'price-below-increment', field: 'buySpread', level: 3 }]);
  });

  it('refuses levels that round to a zero price', () => {
    const found = problemsOf(
      inputsFixture({ buySpread: '50' }),
      productFixture({ priceIncrement: '1' }),
      '1',
    );
    expect(found.map((p) => [p.code, p.level])).toEqual([
      ['price-below-increment', 2],
      ['price-below-increment', 3],
      ['price-below-increment', 1],
    ]);
    expect(found[2]?.field).toBe('stopSpread');
  });

  it('refuses a take-profit the sell fee would turn into a loss', () => {
    // sell 0.5 % < the 0.6 % fee the take-profit may pay.
    const found = problemsOf(inputsFixture({ sellSpread: '0.5' }), productFixture(), '100');
    expect(found.map((p) => [p.code, p.field, p.level])).toEqual([
      ['take-profit-below-break-even', 'sellSpread', 1],
      ['take-profit-below-break-even', 'sellSpread', 2],
      ['take-profit-below-break-even', 'sellSpread', 3],
    ]);
  });

  it('refuses a plan the available balance cannot pay, fees included', () => {
    // The worked example needs 999.876 + 4.142304 + 0.359142 (level 1's cap) = 1004.377446.
    const found = problemsOf(inputsFixture(), productFixture(), '100', { availableBalance: '1000.00' });
    expect(found).toEqual([
      {
        code: 'budget-above-balance',
        field: 'budget',
        message:
          "This epic needs $1,004.38 (its orders plus about $4.14 in fees and $0.36 in case level 1's price moves up to its cap) but only $1,000.00 is available — lower the budget or add funds.",
      },
    ]);
    expect(planEpic(inputsFixture(), productFixture(), '100', { availableBalance: '1004.38' }).ok).toBe(true);
  });

  it('refuses fee rates given as percents by mistake', () => {
    expect(problemsOf(inputsFixture(), productFixture(), '100', { takerFeeRate: '0.6' })[0]?.code).toBe(
      'fee-rate-out-of-range',
    );
  });
});
