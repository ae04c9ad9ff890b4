import type { TEpic } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import { historyCoins, historyTotals } from './history-totals.ts';

const epic = (status: TEpic['status'], coinSymbol: string, profit: string | null, volume: string) => ({
  status,
  coinSymbol,
  profitsDollarAmount: profit,
  volume,
  coin: { id: '1b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8', symbol: coinSymbol, name: coinSymbol, photo: '' },
});

const epics = [
  epic('closed', 'SOL-USD', '0.1', '100.05'),
  epic('closed', 'SOL-USD', '0.2', '200.1'),
  epic('liquidated', 'ETH-USD', '-1.5', '50'),
  epic('cancelled', 'ETH-USD', null, '20'),
];

describe('historyTotals', () => {
  it('adds profit and volume exactly', () => {
    expect(historyTotals(epics, { status: 'all', coin: 'all' })).toEqual({
      count: 4,
      profit: '-1.2',
      volume: '370.15',
      winners: 2,
    });
  });

  it('totals only what the filters select', () => {
    expect(historyTotals(epics, { status: 'closed', coin: 'SOL-USD' })).toMatchObject({
      count: 2,
      profit: '0.3',
    });
    expect(historyTotals(epics, { status: 'all', coin: 'ETH-USD' })).toMatchObject({ count: 2, winners: 0 });
  });

  it('lists each coin once', () => {
    expect(historyCoins(epics).map((coin) => coin.symbol)).toEqual(['ETH-USD', 'SOL-USD']);
  });
});
