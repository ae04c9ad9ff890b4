import type { TStatsReport } from '@cdca/contracts';

export const BEST_ID = '0b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8';
export const WORST_ID = '1b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8';
const SOL = '2b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8';
const BTC = '3b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8';
const ETH = '4b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8';

/** A report as the server sends it, for component tests; `overrides` replace whole fields. */
export const testReport = (overrides: Partial<TStatsReport> = {}): TStatsReport => ({
  period: {
    kind: '30d',
    from: '2026-10-25T12:00:00.000Z',
    to: '2026-11-24T12:00:00.000Z',
    timeZone: 'UTC',
  },
  realisedPnl: '152.37',
  capitalUsed: '4800.5',
  returnOnCapitalPct: '3.17',
  volume: '9876.54',
  bought: '4800.5',
  sold: '5076.04',
  fees: '23.45',
  epics: { closed: 4, cancelled: 1, liquidated: 1, delisted: 0 },
  wins: 4,
  losses: 2,
  winRatePct: '66.67',
  timeToClose: { averageSeconds: 9000, medianSeconds: 7200 },
  averageProfitPerClose: '45.1',
  best: {
    epicId: BEST_ID,
    coinId: SOL,
    coinSymbol: 'SOL-USD',
    status: 'closed',
    realisedPnl: '80.12',
    realisedPnlPct: '8.01',
    closedAt: '2026-11-20T10:00:00.000Z',
  },
  worst: {
    epicId: WORST_ID,
    coinId: BTC,
    coinSymbol: 'BTC-USD',
    status: 'liquidated',
    realisedPnl: '-28.03',
    realisedPnlPct: '-2.8',
    closedAt: '2026-11-21T10:00:00.000Z',
  },
  coins: [
    { coinId: SOL, coinSymbol: 'SOL-USD', epics: 3, realisedPnl: '120.5', volume: '3000', fees: '9.1' },
    { coinId: ETH, coinSymbol: 'ETH-USD', epics: 1, realisedPnl: '59.9', volume: '6000.54', fees: '12' },
    { coinId: BTC, coinSymbol: 'BTC-USD', epics: 2, realisedPnl: '-28.03', volume: '876', fees: '2.35' },
  ],
  daily: [
    { date: '2026-11-20', realisedPnl: '80.12', capitalDeployed: '1000' },
    { date: '2026-11-21', realisedPnl: '-28.03', capitalDeployed: '500' },
  ],
  running: { epics: 2, capitalDeployed: '1500', marketValue: '1490', unrealisedPnl: '-10.5' },
  ...overrides,
});

/** Nothing ended, traded or running in the period. */
export const emptyReport = (): TStatsReport =>
  testReport({
    realisedPnl: '0',
    capitalUsed: '0',
    returnOnCapitalPct: null,
    volume: '0',
    bought: '0',
    sold: '0',
    fees: '0',
    epics: { closed: 0, cancelled: 0, liquidated: 0, delisted: 0 },
    wins: 0,
    losses: 0,
    winRatePct: null,
    timeToClose: { averageSeconds: null, medianSeconds: null },
    averageProfitPerClose: null,
    best: null,
    worst: null,
    coins: [],
    daily: [],
    running: { epics: 0, capitalDeployed: '0', marketValue: '0', unrealisedPnl: '0' },
  });
