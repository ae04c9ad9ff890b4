import {
  EPIC_DIRECTIONS,
  EPIC_LOADS,
  EPIC_SCALINGS,
  PLAN_PROBLEM_CODES,
  type TEpicPlan,
} from '@cdca/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from '../money/money-decimal.ts';
import { isMultipleOf } from '../money/round-to-increment.ts';
import { productFixture } from '../testing/product.fixture.ts';
import { levelWeights } from './level-weights.ts';
import { planEpic } from './plan-epic.ts';
import { splitBudget } from './split-budget.ts';

const combos = EPIC_SCALINGS.flatMap((scaling) =>
  EPIC_LOADS.flatMap((load) => EPIC_DIRECTIONS.map((direction) => ({ scaling, load, direction }))),
);

/** Hundredths as a plain decimal: 1234 → '12.34'. */
const hundredths = (value: number) => money(value).div(100).toFixed();

const increments = ['1', '0.05', '0.01', '0.001', '0.0001', '0.00001', '0.000000001'];
const arbitraryCase = fc.record({
  budgetCents: fc.integer({ min: 100, max: 1_000_000_000 }),
  dcaLevels: fc.integer({ min: 1, max: 25 }),
  buySpread: fc.integer({ min: 10, max: 5000 }),
  sellSpread: fc.integer({ min: 61, max: 50_000 }),
  stopSpread: fc.option(fc.integer({ min: 10, max: 9000 })),
  priceIncrement: fc.constantFrom(...increments),
  baseIncrement: fc.constantFrom('1', '0.1', '0.01', '0.001', '0.00000001'),
  quoteMinSize: fc.constantFrom('0', '1', '10'),
  referenceTicks: fc.integer({ min: 1, max: 50_000_000 }),
});

/** Levels 1, 2, 4, 6 … (below) and 1, 3, 5 … (above) of an above-below plan, as in docs/decisions/epic-maths.md. */
const sides = (plan: TEpicPlan) => {
  const prices = plan.levels.map((l) => money(l.price));
  const { direction } = plan.inputs;
  if (direction === 'below') return { below: prices, above: [] };
  if (direction === 'above') return { below: [], above: prices };
  return {
    below: prices.filter((_, i) => i === 0 || i % 2 === 1),
    above: prices.filter((_, i) => i % 2 === 0),
  };
};

describe.each(combos)('planEpic properties — $scaling $load $direction', ({ scaling, load, direction }) => {
  it('holds every money invariant on every plan it accepts, and names every problem it refuses', () => {
    let accepted = 0;
    fc.assert(
      fc.property(arbitraryCase, (c) => {
        const budget = hundredths(c.budgetCents);
        const product = productFixture({
          priceIncrement: c.priceIncrement,
          baseIncrement: c.baseIncrement,
          baseMinSize: c.baseIncrement,
          quoteMinSize: c.quoteMinSize,
          baseMaxSize: '1000000000000',
        });
        const inputs = {
          budget,
          dcaLevels: c.dcaLevels,
          scaling,
          load,
          direction,
          buySpread: hundredths(c.buySpread),
          sellSpread: hundredths(c.sellSpread),
          stopSpread: c.stopSpread === null ? null : hundredths(c.stopSpread),
        };
        const reference = money(c.referenceTicks).mul(c.priceIncrement).toFixed();

        // Σq = budget exactly, whether or not the venue accepts the levels.
        const quotes = splitBudget(money(budget), levelWeights(scaling, load, c.dcaLevels), money('0.01'));
        expect(quotes.reduce((sum, q) => sum.plus(q), money(0)).eq(budget)).toBe(true);

        // Advice re-plans changed inputs (plan-advice.test.ts covers it); here it would only slow the property.
        const result = planEpic(inputs, product, reference, { advise: false });
        if (!result.ok) {
          expect(result.problems.length).toBeGreaterThan(0);
          for (const p of result.problems) {
            expect(PLAN_PROBLEM_CODES).toContain(p.code);
            expect(p.field.length).toBeGreaterThan(0);
            expect(p.message.length).toBeGreaterThan(20);
          }
          return;
        }
        accepted++;
        const { plan } = result;
        expect(plan.levels).toHaveLength(c.dcaLevels);
        expect(plan.levels.reduce((sum, l) => sum.plus(l.quote), money(0)).eq(budget)).toBe(true);
        const { below, above } = sides(plan);
        expect(below.slice(1).every((p, i) => p.lt(below[i] ?? 0))).toBe(true);
        expect(above.slice(1).every((p, i) => p.gt(above[i] ?? 0))).toBe(true);
        for (const level of plan.levels) {
          const price = money(level.price);
          const size = money(level.baseSize);
          expect(isMultipleOf(price, money(c.priceIncrement))).toBe(true);
          expect(isMultipleOf(size, money(c.baseIncrement))).toBe(true);
          expect(size.gte(c.baseIncrement)).toBe(true);
          expect(money(level.cost).eq(size.mul(price))).toBe(true);
          expect(money(level.cost).lte(level.quote)).toBe(true);
          expect(money(level.cost).gte(c.quoteMinSize)).toBe(true);
          expect(money(level.takeProfitPrice).gte(level.breakEvenPrice)).toBe(true);
          expect(isMultipleOf(money(level.takeProfitPrice), money(c.priceIncrement))).toBe(true);
        }
        if (plan.stopPrice !== null) {
          const lowest = plan.levels.reduce(
            (low, l) => (money(l.price).lt(low) ? money(l.price) : low),
            money(reference).mul(10),
          );
          expect(money(plan.stopPrice).lt(lowest)).toBe(true);
          expect(money(plan.stopPrice).gt(0)).toBe(true);
        }
      }),
      { numRuns: 60, seed: 4 },
    );
    // A property that only ever saw refusals would prove nothing.
    expect(accepted).toBeGreaterThan(5);
  });
});
