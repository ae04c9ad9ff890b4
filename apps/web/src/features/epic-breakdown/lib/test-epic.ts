import type { TEpicDetail, TEpicFill, TEpicOrder, TEpicPlanLevel } from '@cdca/contracts';

/** Test fixtures: a two-level SOL epic as the server would answer it, nothing filled yet. */
const planLevel = (level: number, price: string, size: string): TEpicPlanLevel => ({
  level,
  placement: level === 1 ? 'immediate' : 'resting',
  price,
  quote: '50',
  baseSize: size,
  cost: '50',
  feeRate: '0.006',
  estimatedFee: '0.3',
  cumulativeCost: String(50 * level),
  cumulativeFees: String(0.3 * level),
  cumulativeSize: size,
  avgBuyRate: price,
  takeProfitPrice: price,
  moveToTakeProfit: '1',
  breakEvenPrice: price,
});

export const EPIC_ID = '0b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8';

export const testEpic = (overrides: Partial<TEpicDetail> = {}): TEpicDetail => {
  const inputs = {
    budget: '100',
    dcaLevels: 2,
    scaling: 'quadratic',
    load: 'back',
    direction: 'below',
    buySpread: '5',
    sellSpread: '2',
    stopSpread: null,
  } as const;
  const levels = [planLevel(1, '100', '0.5'), planLevel(2, '95', '0.52')];
  return {
    id: EPIC_ID,
    coin: { id: '1b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8', symbol: 'SOL-USD', name: 'Solana', photo: '' },
    status: 'active',
    statusReason: null,
    coinSymbol: 'SOL-USD',
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:00.000Z',
    closedAt: null,
    activeDcaLevel: 0,
    dcaLevels: 2,
    budget: '100',
    profitsDollarAmount: null,
    avgBuyRate: null,
    volume: '0',
    takeProfitPrice: null,
    heldBase: '0',
    costBasis: null,
    buyValue: '0',
    inputs,
    plan: {
      productId: 'SOL-USD',
      referencePrice: '100',
      inputs,
      makerFeeRate: '0.004',
      takerFeeRate: '0.006',
      sellFeeRate: '0.006',
      levels,
      stopPrice: null,
      totalCost: '100',
      totalFees: '0.6',
      fundsRequired: '100.6',
      unspent: '0',
    },
    levels: levels.map((level) => ({
      level: level.level,
      price: level.price,
      quote: level.quote,
      baseSize: level.baseSize,
      placement: level.placement,
      orderStatus: 'planned',
      filledSize: '0',
    })),
    orders: [],
    fills: [],
    ...overrides,
  };
};

export const testOrder = (overrides: Partial<TEpicOrder> = {}): TEpicOrder => ({
  id: '2b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8',
  clientOrderId: 'cdca-1-buy-1-0',
  exchangeOrderId: 'x1',
  purpose: 'buy',
  level: 1,
  side: 'buy',
  type: 'limit',
  baseSize: '0.5',
  quoteSize: null,
  limitPrice: '100',
  postOnly: false,
  status: 'open',
  filledSize: '0',
  failureReason: null,
  createdAt: '2025-01-01T10:00:01.000Z',
  updatedAt: '2025-01-01T10:00:01.000Z',
  ...overrides,
});

export const testFill = (overrides: Partial<TEpicFill> = {}): TEpicFill => ({
  tradeId: 't1',
  clientOrderId: 'cdca-1-buy-1-0',
  exchangeOrderId: 'x1',
  side: 'buy',
  price: '100',
  size: '0.5',
  fee: '0.3',
  liquidity: 'taker',
  filledAt: '2025-01-01T10:00:02.000Z',
  ...overrides,
});
