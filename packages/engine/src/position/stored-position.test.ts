import { describe, expect, it } from 'vitest';
import { planEpic } from '../plan/plan-epic.ts';
import { inputsFixture, productFixture } from '../testing/product.fixture.ts';
import { createPosition } from './position.ts';
import { POSITION_BOOK_KEYS, readPositionFigures, readStoredPosition } from './stored-position.ts';

const EPIC = '0b7c6f2e-1d4a-4c3b-9e8f-2a1b3c4d5e6f';

const fresh = () => {
  const planned = planEpic(inputsFixture(), productFixture(), '100.00');
  if (!planned.ok) throw new Error('plan refused');
  return createPosition(EPIC, planned.plan, productFixture());
};

describe('reading a stored position', () => {
  it('gives back the position the engine wrote, and null before one was written', () => {
    const position = fresh();
    expect(readStoredPosition(JSON.parse(JSON.stringify(position)))).toEqual(position);
    expect(readStoredPosition(null)).toBeNull();
  });

  it('reads a position saved before sells were split in today’s shape', () => {
    const { takeProfitIds: _ids, ...legacy } = fresh();
    expect(readStoredPosition({ ...legacy, takeProfitId: 'cdca-tp' })?.takeProfitIds).toEqual(['cdca-tp']);
    expect(readStoredPosition({ ...legacy, takeProfitId: null })?.takeProfitIds).toEqual([]);
  });

  it('refuses a document that is not a position, or money that is not a decimal string', () => {
    expect(() => readStoredPosition({ epicId: EPIC })).toThrow();
    expect(() => readStoredPosition({ ...fresh(), heldBase: 0.1 })).toThrow();
    expect(() => readStoredPosition({ ...fresh(), heldBase: '1e-7' })).toThrow();
  });
});

describe('reading only the figures’ part of a stored position', () => {
  const withoutBook = (document: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(document).filter(([key]) => !(POSITION_BOOK_KEYS as readonly string[]).includes(key)),
    );

  it('reads the same figures from the whole document and from one without its book', () => {
    const position = { ...fresh(), heldBase: '1.5', boughtBase: '2', quoteSpent: '201.2', buyFees: '1.2' };
    const stored = JSON.parse(JSON.stringify(position));
    const figures = {
      sellSpread: position.sellSpread,
      sellFeeRate: position.sellFeeRate,
      boughtBase: '2',
      heldBase: '1.5',
      quoteSpent: '201.2',
      buyFees: '1.2',
      finishedBy: null,
      rules: { priceIncrement: position.rules.priceIncrement },
    };
    expect(readPositionFigures(stored)).toEqual(figures);
    expect(readPositionFigures(withoutBook(stored))).toEqual(figures);
    expect(readPositionFigures(null)).toBeNull();
  });

  it('refuses what readStoredPosition refuses in the figures it reads', () => {
    expect(() => readPositionFigures({ epicId: EPIC })).toThrow();
    expect(() => readPositionFigures({ ...fresh(), heldBase: 0.1 })).toThrow();
    expect(() => readPositionFigures(withoutBook({ ...fresh(), quoteSpent: '1e-7' }))).toThrow();
  });
});
