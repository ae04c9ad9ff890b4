import type { TPlanContext } from '@cdca/contracts';
import { inputsFixture, productFixture } from '@cdca/engine/testing';
import { describe, expect, it } from 'vitest';
import { groupProblems, maxLevelsMeetingMinimum, previewLadder, problemLevels } from './ladder-preview.ts';

const context = (overrides: Partial<TPlanContext> = {}): TPlanContext => ({
  product: productFixture(),
  referencePrice: '100.00',
  availableBalance: '10000',
  ...overrides,
});

describe('previewLadder', () => {
  it('plans every level from the server context', () => {
    const result = previewLadder(inputsFixture({ stopSpread: null }), context());
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.plan.levels.map((level) => level.price)).toEqual(['100.00', '90.00', '81.00']);
    expect(result.plan.referencePrice).toBe('100.00');
  });

  it('counts the available balance, fees included', () => {
    const result = previewLadder(inputsFixture({ budget: '1000' }), context({ availableBalance: '500' }));
    expect(result.ok ? [] : result.problems.map((problem) => problem.code)).toEqual(['budget-above-balance']);
  });

  it('skips the balance check without a connected key', () => {
    expect(previewLadder(inputsFixture({ budget: '50000' }), context({ availableBalance: null })).ok).toBe(
      true,
    );
  });
});

describe('maxLevelsMeetingMinimum', () => {
  it('caps an exponential ladder where its smallest level meets the exchange minimum', () => {
    // $100 with a $1 minimum: 2^n − 1 ≤ 100 → n ≤ 6.
    const inputs = inputsFixture({ budget: '100', scaling: 'exponential', dcaLevels: 12, stopSpread: null });
    expect(previewLadder(inputs, context()).ok).toBe(false);
    expect(maxLevelsMeetingMinimum(inputs, context())).toBe(6);
    expect(previewLadder({ ...inputs, dcaLevels: 6 }, context()).ok).toBe(true);
  });

  it('is null when not even one level meets the minimum', () => {
    const inputs = inputsFixture({ budget: '0.5', dcaLevels: 3, stopSpread: null });
    expect(maxLevelsMeetingMinimum(inputs, context())).toBeNull();
  });
});

describe('problem grouping', () => {
  it('puts each problem beside the input it names, one per code', () => {
    const result = previewLadder(
      inputsFixture({ sellSpread: '900', buySpread: '0', stopSpread: null }),
      context(),
    );
    if (result.ok) throw new Error('expected problems');
    const grouped = groupProblems(result.problems);
    expect(grouped.byField.sellSpread?.map((problem) => problem.code)).toEqual(['spread-out-of-range']);
    expect(grouped.byField.buySpread?.map((problem) => problem.code)).toEqual(['spread-out-of-range']);
    expect(grouped.general).toEqual([]);
  });

  it('marks the levels under the exchange minimum and names each once beside the budget', () => {
    const result = previewLadder(
      inputsFixture({ budget: '20', scaling: 'exponential', dcaLevels: 8, stopSpread: null }),
      context(),
    );
    if (result.ok) throw new Error('expected problems');
    const levels = [...problemLevels(result.problems).keys()];
    expect(levels).toContain(1);
    expect(groupProblems(result.problems).byField.budget?.map((problem) => problem.code)).toEqual([
      'level-below-minimum',
    ]);
  });

  it('keeps problems that belong to the coin apart', () => {
    const result = previewLadder(
      inputsFixture(),
      context({ product: productFixture({ status: 'offline' }) }),
    );
    if (result.ok) throw new Error('expected problems');
    expect(groupProblems(result.problems).general.map((problem) => problem.field)).toEqual(['product']);
  });
});
