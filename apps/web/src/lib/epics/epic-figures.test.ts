import { describe, expect, it } from 'vitest';
import { distanceToTakeProfit, profitTone, unrealisedPnl } from './epic-figures.ts';

describe('epic figures', () => {
  it('values what is held against its average', () => {
    expect(unrealisedPnl('2', '100', '110.5')).toBe('21');
    expect(unrealisedPnl('0', '100', '110')).toBeNull();
  });

  it('measures the move to the take-profit in percent', () => {
    expect(distanceToTakeProfit('110', '100')).toBe('10');
  });

  it('colours a profit by its cents', () => {
    expect(profitTone('0.004')).toBe('flat');
    expect(profitTone('-0.01')).toBe('down');
  });
});
