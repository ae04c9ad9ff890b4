import { describe, expect, it } from 'vitest';
import { planEpic } from '../plan/plan-epic.ts';
import { inputsFixture, productFixture } from '../testing/product.fixture.ts';
import { createPosition } from './position.ts';
import { readStoredPosition } from './stored-position.ts';

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
