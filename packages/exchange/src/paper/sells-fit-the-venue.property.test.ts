import { EPIC_DIRECTIONS, EPIC_LOADS, EPIC_SCALINGS } from '@cdca/contracts';
import type { Product } from '@cdca/engine';
import { CATALOGUE, money, planEpic } from '@cdca/engine';
import { type LifeReport, lifeOf } from '@cdca/engine/testing';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paperCatalogueProduct } from '../testing/catalogue-product.ts';
import { validateOrder } from './order-validation.ts';

/**
 * Every order an accepted epic can send in its whole life passes the paper venue's own validation
 * (docs/decisions/sells-fit-the-venue.md): all levels, each take-profit after any set of fills in any order, a
 * take-profit part filling, the stop, the trader's liquidation. `npm test` runs a few thousand plans; the full
 * 100,000: EPIC_LIFE_RUNS=100000 npx vitest run packages/exchange/src/paper/sells-fit-the-venue.property.test.ts
 */
const RUNS = Number(process.env.EPIC_LIFE_RUNS ?? 1_000);

const venue = CATALOGUE.map((entry) => paperCatalogueProduct(entry.base));

/** Percent with 2 decimals, log-spread so small spreads (where rounding bites) are well covered. */
const percent = (min: number, max: number) =>
  fc
    .double({ min: Math.log(min), max: Math.log(max), noNaN: true })
    .map((l) => Math.min(max, Math.max(min, Math.round(Math.exp(l) * 100) / 100)).toFixed(2));

const arbitraryPlan = fc.record({
  product: fc.integer({ min: 0, max: venue.length - 1 }),
  budgetCents: fc
    .double({ min: Math.log(100), max: Math.log(2_000_000_000), noNaN: true })
    .map((l) => Math.round(Math.exp(l))),
  dcaLevels: fc.integer({ min: 1, max: 25 }),
  scaling: fc.constantFrom(...EPIC_SCALINGS),
  load: fc.constantFrom(...EPIC_LOADS),
  direction: fc.constantFrom(...EPIC_DIRECTIONS),
  buySpread: percent(0.1, 50),
  sellSpread: percent(0.1, 500),
  stopSpread: fc.option(percent(0.1, 90), { freq: 3 }),
  // Coinbase's entry tier and a lower one: the sell's break-even floor must hold on both.
  fees: fc.constantFrom(
    { makerFeeRate: '0.004', takerFeeRate: '0.006' },
    { makerFeeRate: '0.0025', takerFeeRate: '0.004' },
  ),
  fillSeed: fc.integer({ min: 0, max: 2 ** 30 }),
});

/** A few fill sets of the plan's levels: in order, all out of order, and random subsets in random order. */
const fillSetsOf = (levels: number, seed: number): number[][] => {
  let state = seed || 1;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const all = Array.from({ length: levels }, (_, i) => i + 1);
  const sets: number[][] = [all, [...all].reverse()];
  for (let k = 0; k < 3; k++) {
    const subset = all.filter(() => next() < 0.5);
    const shuffled = subset
      .map((l) => ({ l, r: next() }))
      .sort((a, b) => a.r - b.r)
      .map((x) => x.l);
    if (shuffled.length > 0) sets.push(shuffled);
  }
  return sets;
};

describe('sells fit the venue over the paper catalogue', () => {
  it(
    'accepts no plan any of whose orders the venue would refuse, and never sells under break-even',
    () => {
      let accepted = 0;
      let orders = 0;
      let dust = 0;
      const refusals: (LifeReport['refused'][number] & { plan: string })[] = [];
      const losses: LifeReport['underBreakEven'] = [];
      fc.assert(
        fc.property(arbitraryPlan, (c) => {
          const picked = venue[c.product];
          if (!picked) return;
          const { entry, state, product } = picked;
          const inputs = {
            budget: money(c.budgetCents).div(100).toFixed(2),
            dcaLevels: c.dcaLevels,
            scaling: c.scaling,
            load: c.load,
            direction: c.direction,
            buySpread: c.buySpread,
            sellSpread: c.sellSpread,
            stopSpread: c.stopSpread,
          };
          const result = planEpic(inputs, product satisfies Product, entry.startPrice, {
            ...c.fees,
            advise: false,
          });
          if (!result.ok) return;
          accepted++;
          const report = lifeOf(
            result.plan,
            product,
            fillSetsOf(c.dcaLevels, c.fillSeed),
            ({ request, price }) => validateOrder(request, state, entry, new Decimal(price.toFixed())),
          );
          orders += report.orders;
          dust += report.dust;
          for (const r of report.refused)
            refusals.push({ ...r, plan: `${product.id} ${JSON.stringify(inputs)}` });
          losses.push(...report.underBreakEven);
        }),
        { numRuns: RUNS, seed: 12 },
      );
      console.info(
        `sells-fit-the-venue: ${RUNS} plans, ${accepted} accepted, ${orders} orders judged, ` +
          `${refusals.length} refused, ${losses.length} take-profits under break-even, ${dust} dust liquidations`,
      );
      expect(refusals.slice(0, 5)).toEqual([]);
      expect(losses.slice(0, 5)).toEqual([]);
      expect(accepted).toBeGreaterThan(RUNS / 5);
    },
    RUNS * 20 + 30_000,
  );
});
