import type { TEpic } from '@cdca/contracts';
import { money } from '@cdca/engine';
import { inputsFixture, productFixture } from '@cdca/engine/testing';
import { describe, expect, it } from 'vitest';
import { previewLadder } from './ladder-preview.ts';
import { levelProgress, liveEpicFigures, portfolioFigures, startOfLocalDay } from './live-epic-figures.ts';

const result = previewLadder(inputsFixture({ stopSpread: null, sellSpread: '5' }), {
  product: productFixture(),
  referencePrice: '100.00',
  availableBalance: null,
});
if (!result.ok) throw new Error('fixture plan must be valid');
const plan = result.plan;

const epic = (overrides: Partial<TEpic>): TEpic =>
  ({
    id: 'e1',
    coin: { id: 'c1', symbol: 'SOL-USD', name: 'Solana', photo: '' },
    status: 'active',
    budget: '1000',
    dcaLevels: 3,
    activeDcaLevel: 0,
    avgBuyRate: null,
    takeProfitPrice: null,
    heldBase: '0',
    costBasis: null,
    profitsDollarAmount: null,
    closedAt: null,
    buyValue: '0',
    ...overrides,
  }) as TEpic;

describe('liveEpicFigures', () => {
  it('has no position, P&L or take-profit before the first fill', () => {
    const figures = liveEpicFigures(epic({}), '100');
    expect(figures).toMatchObject({ budgetUsed: '0', unrealised: null, toTakeProfit: null });
  });

  it('values the levels filled so far at the live price', () => {
    const [first, second] = plan.levels;
    if (!first || !second) throw new Error('fixture');
    const figures = liveEpicFigures(
      epic({
        activeDcaLevel: 2,
        buyValue: second.cumulativeCost,
        avgBuyRate: second.avgBuyRate,
        heldBase: second.cumulativeSize,
        takeProfitPrice: second.takeProfitPrice,
      }),
      '95',
    );
    expect(money(figures.budgetUsed).eq(money(first.cost).plus(second.cost))).toBe(true);
    expect(figures.heldBase).toBe(second.cumulativeSize);
    expect(Number(figures.unrealised)).toBeCloseTo(
      Number(second.cumulativeSize) * (95 - Number(second.avgBuyRate)),
      8,
    );
    // Take-profit = average × 1.05, so from $95 the move is positive.
    expect(Number(figures.toTakeProfit)).toBeGreaterThan(0);
  });
});

describe('portfolioFigures', () => {
  it('sums capital and unrealised P&L of live epics and the profits of epics that ended today', () => {
    const [first] = plan.levels;
    if (!first) throw new Error('fixture');
    const since = new Date('2025-03-02T00:00:00.000Z');
    const figures = portfolioFigures(
      [
        epic({
          activeDcaLevel: 1,
          buyValue: first.cost,
          avgBuyRate: first.avgBuyRate,
          heldBase: first.cumulativeSize,
        }),
      ],
      [
        epic({
          id: 'e2',
          status: 'closed',
          closedAt: '2025-03-02T10:00:00.000Z',
          profitsDollarAmount: '12.5',
        }),
        epic({ id: 'e3', status: 'closed', closedAt: '2025-03-01T10:00:00.000Z', profitsDollarAmount: '99' }),
      ],
      () => first.avgBuyRate,
      since,
    );
    expect(figures).toMatchObject({
      capitalInEpics: first.cost,
      budgeted: '1000',
      unrealised: '0',
      realisedToday: '12.5',
      endedToday: 1,
    });
  });

  it('counts the day from local midnight', () => {
    const start = startOfLocalDay(new Date(2025, 2, 2, 15, 30));
    expect([start.getHours(), start.getMinutes(), start.getDate()]).toEqual([0, 0, 2]);
    expect(levelProgress({ activeDcaLevel: 2, dcaLevels: 4 })).toBe(0.5);
  });
});
