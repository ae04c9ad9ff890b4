import type { TEpicInputs } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import { money } from '../money/money-decimal.ts';
import { catalogueProduct } from '../testing/catalogue-product.ts';
import { inputsFixture, productFixture } from '../testing/product.fixture.ts';
import { checkLevelSize } from './check-level.ts';
import { planEpic } from './plan-epic.ts';
import { readProductRules } from './product-rules.ts';

const problemsOf = (...args: Parameters<typeof planEpic>) => {
  const result = planEpic(...args);
  if (result.ok) throw new Error('expected an invalid plan');
  return result.problems;
};
const sizeProblemsOf = (...args: Parameters<typeof planEpic>) => {
  const result = planEpic(...args);
  return result.ok ? [] : result.problems.filter((p) => p.code.startsWith('level-'));
};

describe('plan advice suggests only changes that fix the plan (docs/decisions/plan-advice.md)', () => {
  it('never rounds an amount across the limit it is compared with', () => {
    const rules = readProductRules(productFixture()).rules;
    if (!rules) throw new Error('no rules');
    // $0.9997 is below $1.00: it must not read "$1.00, below … $1.00".
    const below = checkLevelSize(2, money('1'), money('0.9997'), rules);
    expect(below?.message).toContain("1 SOL ($0.99), below the exchange's minimum order of $1.00");
    const above = checkLevelSize(2, money('1'), money('10000000.001'), {
      ...rules,
      baseMaxSize: money('10'),
    });
    expect(above?.message).toContain(
      "($10,000,000.01), above the exchange's maximum order of $10,000,000.00",
    );
  });

  it('names the lowest budget that works, and that budget works', () => {
    const inputs = inputsFixture({ budget: '2.00', dcaLevels: 2, scaling: 'exponential', buySpread: '1' });
    const [problem] = problemsOf(inputs, productFixture(), '100');
    const budget = /raise the budget to \$([\d.]+)/.exec(problem?.message ?? '')?.[1];
    expect(budget).toBeDefined();
    expect(planEpic({ ...inputs, budget: budget ?? '' }, productFixture(), '100').ok).toBe(true);
    const cent = money(budget ?? '0')
      .minus('0.01')
      .toFixed(2);
    expect(planEpic({ ...inputs, budget: cent }, productFixture(), '100').ok).toBe(false);
  });

  const ethLadder = (budget: string): TEpicInputs => ({
    budget,
    dcaLevels: 25,
    scaling: 'exponential',
    load: 'back',
    direction: 'below',
    buySpread: '1',
    sellSpread: '5',
    stopSpread: null,
  });
  const eth = catalogueProduct('ETH').product;

  it('tells a 25-level exponential back ladder how many levels fit at its budget, not to raise it', () => {
    // $5M: level 25 fits, level 1 is under $1; raising the budget would push level 25 over the maximum first.
    const inputs = ethLadder('5000000.00');
    const found = sizeProblemsOf(inputs, eth, eth.price);
    expect(found.map((p) => p.code)).toEqual(expect.arrayContaining(['level-below-minimum']));
    for (const p of found) expect(p.message).not.toMatch(/raise the budget/);
    const levels = /use at most (\d+) levels with exponential scaling with back-load at this budget/.exec(
      found[0]?.message ?? '',
    )?.[1];
    expect(levels).toBeDefined();
    expect(sizeProblemsOf({ ...inputs, dcaLevels: Number(levels) }, eth, eth.price)).toEqual([]);
    expect(sizeProblemsOf({ ...inputs, dcaLevels: Number(levels) + 1 }, eth, eth.price)).not.toEqual([]);
  });

  it('never says "raise" and "lower" the budget at once, and what it says instead works', () => {
    // $20M: level 1 under $1 and level 25 over $10M at any number of levels — only another shape fits.
    const inputs = ethLadder('20000000.00');
    const found = sizeProblemsOf(inputs, eth, eth.price);
    expect(found.map((p) => p.code)).toEqual(['level-below-minimum', 'level-above-maximum']);
    for (const p of found) expect(p.message).not.toMatch(/(raise|lower) the budget/);
    const shape = /use (\w+) scaling with (\w+)-load at this budget and levels/.exec(found[0]?.message ?? '');
    expect(shape).not.toBeNull();
    const changed = { ...inputs, scaling: shape?.[1], load: shape?.[2] } as TEpicInputs;
    expect(sizeProblemsOf(changed, eth, eth.price)).toEqual([]);
  });

  it('suggests the stop spread that gives the stop a real price, and only when one exists', () => {
    // Lowest level at 2 ticks: a 90 % stop rounds to 0; 50 % is the widest that leaves 1 tick.
    const inputs = inputsFixture({ dcaLevels: 1, budget: '100', stopSpread: '90' });
    const product = productFixture({ priceIncrement: '1', baseIncrement: '1' });
    const [problem] = problemsOf(inputs, product, '2');
    expect(problem).toMatchObject({ code: 'price-below-increment', field: 'stopSpread' });
    expect(problem?.message).toContain('use a stop spread of at most 50.00 %');
    expect(planEpic({ ...inputs, stopSpread: '50' }, product, '2').ok).toBe(true);
    // At 1 tick no stop spread works: the advice must not send the trader to the stop spread.
    const [none] = problemsOf({ ...inputs, stopSpread: '0.1' }, product, '1');
    expect(none?.message).not.toContain('stop spread of at most');
    expect(none?.message).toContain('remove the stop');
  });
});
