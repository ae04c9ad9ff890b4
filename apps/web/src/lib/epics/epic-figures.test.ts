import type { TEpicFill } from '@cdca/contracts/epics.ts';
import { describe, expect, it } from 'vitest';
import {
  distanceToTakeProfit,
  fillTotals,
  profitTone,
  takeProfitPrice,
  unrealisedPnl,
} from './epic-figures.ts';

const fill = (side: 'buy' | 'sell', price: string, size: string, fee: string): TEpicFill => ({
  tradeId: `${side}-${price}`,
  clientOrderId: 'c',
  exchangeOrderId: 'e',
  side,
  price,
  size,
  fee,
  liquidity: 'maker',
  filledAt: '2025-01-01T00:00:00.000Z',
});

describe('epic figures', () => {
  it('adds fills up exactly', () => {
    const totals = fillTotals([fill('buy', '0.1', '3', '0.01'), fill('buy', '0.2', '0.3', '0.02')]);
    expect(totals.heldBase).toBe('3.3');
    expect(totals.fees).toBe('0.03');
  });

  it('values what is held against its average', () => {
    expect(unrealisedPnl('2', '100', '110.5')).toBe('21');
    expect(unrealisedPnl('0', '100', '110')).toBeNull();
  });

  it('puts the take-profit at average × (1 + sell spread) without an open order', () => {
    expect(takeProfitPrice({ avgBuyRate: '100', inputs: { sellSpread: '2.5' } })).toBe('102.5');
  });

  it('measures the move to the take-profit in percent', () => {
    expect(distanceToTakeProfit('110', '100')).toBe('10');
  });

  it('colours a profit by its cents', () => {
    expect(profitTone('0.004')).toBe('flat');
    expect(profitTone('-0.01')).toBe('down');
  });
});
